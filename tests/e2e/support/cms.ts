import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { expect, type BrowserContext, type Locator, type Page } from '@playwright/test';

/**
 * Driving the real CMS offline (research/cms.md §4A): Sveltia's local-repository mode asks the browser for a
 * folder with showDirectoryPicker(). Headless Chromium has no dialog, so the picker hands over a folder of the
 * origin's private file system (OPFS), which the test fills with the repository's content first and reads
 * back after saving, exactly as the CMS wrote it.
 */
export async function stubDirectoryPicker(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    (window as unknown as { showDirectoryPicker: () => Promise<FileSystemDirectoryHandle> }).showDirectoryPicker = async () =>
      (await navigator.storage.getDirectory()).getDirectoryHandle('repo', { create: true });
  });
}

/** Every file under `folders` of `root`, by repository path, as text. */
export function repositoryFiles(root: string, folders: string[]): Record<string, string> {
  const walk = (dir: string): string[] =>
    readdirSync(path.join(root, dir)).flatMap((name) => {
      const relative = `${dir}/${name}`;
      return statSync(path.join(root, relative)).isDirectory() ? walk(relative) : [relative];
    });
  return Object.fromEntries(folders.flatMap(walk).filter((file) => !file.endsWith('.pdf')).map((file) => [file, readFileSync(path.join(root, file), 'utf8')]));
}

/** Writes the files into the picked folder (a page of the same origin must be open), with the `.git` the CMS looks for. */
export async function seedRepository(page: Page, files: Record<string, string>): Promise<void> {
  await page.evaluate(async (files) => {
    const root = await (await navigator.storage.getDirectory()).getDirectoryHandle('repo', { create: true });
    await root.getDirectoryHandle('.git', { create: true });
    for (const [file, text] of Object.entries(files)) {
      const parts = file.split('/');
      let dir = root;
      for (const part of parts.slice(0, -1)) dir = await dir.getDirectoryHandle(part, { create: true });
      const writable = await (await dir.getFileHandle(parts.at(-1)!, { create: true })).createWritable();
      await writable.write(text);
      await writable.close();
    }
  }, files);
}

/** The files of a folder of the picked repository as the CMS left them: name → base64 bytes. */
export async function readRepositoryFolder(page: Page, folder: string): Promise<Record<string, string>> {
  return page.evaluate(async (folder) => {
    let dir = await (await navigator.storage.getDirectory()).getDirectoryHandle('repo');
    for (const part of folder.split('/')) dir = await dir.getDirectoryHandle(part);
    const out: Record<string, string> = {};
    for await (const [name, handle] of (dir as unknown as { entries(): AsyncIterable<[string, FileSystemHandle]> }).entries()) {
      if (handle.kind !== 'file') continue;
      const bytes = new Uint8Array(await (await (handle as FileSystemFileHandle).getFile()).arrayBuffer());
      let binary = '';
      for (const byte of bytes) binary += String.fromCharCode(byte);
      out[name] = btoa(binary);
    }
    return out;
  }, folder);
}

/** A field of the entry editor in one language's pane, by its key path ('periods.4.title'). */
export function cmsField(page: Page, locale: string, keyPath: string): Locator {
  return page.locator(`[data-locale="${locale}"][data-mode="edit"] [data-key-path="${keyPath}"]`);
}

/**
 * The field, once rendered: the CMS renders fields as they scroll into view, so the pane is scrolled down
 * step by step (from the top again at its end) until the field exists.
 */
export async function revealField(page: Page, locale: string, keyPath: string): Promise<Locator> {
  const field = cmsField(page, locale, keyPath);
  const pane = page.locator(`[data-locale="${locale}"][data-mode="edit"]`);
  await expect
    .poll(
      async () => {
        if ((await field.count()) > 0) return true;
        await pane.evaluate((element) => {
          // The pane's own scrolling body (inside it), else the page around it.
          const scrolls = (node: Element) => node.scrollHeight > node.clientHeight + 10 && /auto|scroll/.test(getComputedStyle(node).overflowY);
          let scroller: Element | null = [element, ...element.querySelectorAll('*')].find(scrolls) ?? null;
          for (let node = element.parentElement; !scroller && node; node = node.parentElement) if (scrolls(node)) scroller = node;
          if (!scroller) return;
          const atEnd = scroller.scrollTop + scroller.clientHeight >= scroller.scrollHeight - 10;
          scroller.scrollTop = atEnd ? 0 : scroller.scrollTop + scroller.clientHeight * 0.8;
        });
        return false;
      },
      { message: `${locale} ${keyPath} is never rendered`, timeout: 30_000, intervals: [100, 250] },
    )
    .toBe(true);
  await field.scrollIntoViewIfNeeded();
  return field;
}

/** The CMS's Korean labels carry bidi isolation marks around names: "add ⁨공사 사진⁩ 추가". */
export const isolated = (name: string) => new RegExp(`${name}\\u2069? 추가$`);
