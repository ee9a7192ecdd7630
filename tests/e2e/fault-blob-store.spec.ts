import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort, startLocalServer } from '../../netlify-local/spawn.ts';
import { openPglite } from '../../src/server/db/pglite.ts';
import { sharedSnapshot } from '../support/db-backends.ts';
import { expect, test } from './fixtures.ts';
import { islandsReady, personFillTimePassed, uniqueName, uploadInDialog, acknowledgeNotice } from './support/islands.ts';

const PASSWORD = 'fault-admin-password';

/** Files (not folders) anywhere under `dir`; none when it does not exist. */
async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((entry) => entry.isFile()).map((entry) => path.join(entry.parentPath, entry.name));
}

/**
 * The blob store fails while a visitor attaches files (issue 5). A local server of this test's own keeps
 * its blobs on disk; the test makes the objects store unwritable for real by putting a file where its
 * folder goes (every write and delete there fails, as on a broken disk). Both a small file (one PUT)
 * and a large one (parts) fail visibly in the dialog, nothing is attached and no pending upload or part
 * is left; once the store is repaired, the visitor retries and the inquiry carries files that exist.
 */
// One browser is enough for a server-side fault.
test('attachments that fail in a broken blob store show the failure, leave nothing behind and succeed on retry', { tag: '@any-viewport' }, async ({ page }) => {
  // A long journey (failed uploads, cleanup, retry): over 90 s at a load average of ~20 on 2 cores.
  test.setTimeout(180_000);
  const dataDir = await mkdtemp(path.join(tmpdir(), 'btower-fault-blobs-'));
  await (await openPglite({ dataDir: path.join(dataDir, 'pglite'), snapshot: await sharedSnapshot() })).destroy();
  const server = await startLocalServer(await freePort(), {
    DATA_DIR: dataDir,
    DIST_DIR: process.env.ASTRO_OUT_DIR ?? 'dist',
    DATABASE_URL: '',
    ADMIN_PASSWORD: PASSWORD,
    OBJECT_SIGNING_SECRET: 'fault-signing-secret',
  });
  // The emulation's layout: entries/<site>/site:<store>/<key>.
  const stores = path.join(dataDir, 'blobs', 'entries', 'local-site');
  const objectsFolder = path.join(stores, 'site:objects');
  try {
    await mkdir(stores, { recursive: true });
    await writeFile(objectsFolder, 'not a folder: the objects store cannot be written');
    const files = [
      { name: 'profile.pdf', mimeType: 'application/pdf', buffer: Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(4096)]) },
      { name: 'floor-plan.pdf', mimeType: 'application/pdf', buffer: Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(5 * 1024 * 1024)]) },
    ];

    await page.goto(`${server.origin}/contact`);
    await islandsReady(page);
    const name = uniqueName('Blob Fault Visitor');
    await page.getByLabel('이름').fill(name);
    await page.getByLabel('연락처').fill('010-3456-7890');
    await page.getByLabel('이메일').fill('blobs@example.com');
    await page.getByLabel('문의 내용').fill('도면 두 개를 첨부합니다.');
    await page.getByRole('button', { name: '파일 첨부' }).click();
    await uploadInDialog(page, files);

    const dialog = page.locator('.uppy-Dashboard--modal');
    // Both files end in error (the uploader goes on to the second after the first fails).
    await expect(dialog.locator('.uppy-Dashboard-Item.is-error')).toHaveCount(2, { timeout: 30_000 });
    await expect(dialog.locator('.uppy-StatusBar')).toContainText('업로드 실패');
    const retry = dialog.locator('.uppy-StatusBar-actionBtn--retry');
    await expect(retry).toBeVisible();
    // The form shows what it will send (issue 16): both files, neither uploaded, each saying so (issue 38).
    await expect(page.getByTestId('attachment-list').locator('li[data-state="failed"]')).toHaveCount(2);
    await expect(page.getByTestId('attachment-failure').first()).toHaveText('profile.pdf: 올리지 못했습니다. 연결을 확인하고 다시 보내거나 파일을 빼주세요.');
    await expect(page.getByTestId('attachment-list').locator('li[data-state="uploaded"]')).toHaveCount(0);
    // Neither upload left a pending record or a part behind.
    expect(await filesUnder(path.join(stores, 'site:uploads'))).toEqual([]);
    expect(await filesUnder(path.join(stores, 'site:upload-parts'))).toEqual([]);

    await rm(objectsFolder);
    await retry.focus();
    await retry.press('Enter');
    await expect(page.getByTestId('attachment-list').locator('li[data-state="uploaded"]')).toHaveCount(2, { timeout: 30_000 });
    await page.keyboard.press('Escape');
    await acknowledgeNotice(page);
    await personFillTimePassed(page);
    await page.getByRole('button', { name: '문의하기' }).click();
    await expect(page.getByTestId('toast').filter({ hasText: '문의가 성공적으로 전송되었습니다.' })).toBeVisible();

    const login = await page.request.post(`${server.origin}/api/admin/login`, { data: { password: PASSWORD } });
    const auth = { Authorization: `Bearer ${((await login.json()) as { token: string }).token}` };
    const list = (await (await page.request.get(`${server.origin}/api/inquiries?search=${encodeURIComponent(name)}`, { headers: auth })).json()) as { id: string; name: string; attachments: string[] }[];
    const sent = list.filter((inquiry) => inquiry.name === name);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.attachments).toHaveLength(2);
    // Each attachment is signed when the admin opens it.
    const downloaded = await Promise.all(sent[0]!.attachments.map(async (_, n) => {
      const signed = await page.request.post(`${server.origin}/api/inquiries/${sent[0]!.id}/attachments/${n}/link`, { headers: auth });
      return (await page.request.get(`${server.origin}${((await signed.json()) as { url: string }).url}`)).body();
    }));
    for (const file of files) expect(downloaded.some((body) => body.equals(file.buffer)), file.name).toBe(true);
  } finally {
    await server.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
});
