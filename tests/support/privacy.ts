import { readFileSync } from 'node:fs';

/**
 * The collection notice version the contact form shows now (content/privacy-notice/, issue 24): every inquiry a
 * test or a benchmark sends carries it, as the form does. Read from the file, so Playwright, vitest and the
 * scripts share one helper without importing content through the bundler.
 */
export const NOTICE_VERSION: string = (JSON.parse(readFileSync(new URL('../../content/privacy-notice/ko.json', import.meta.url), 'utf8')) as { versions: { version: string }[] }).versions
  .map((notice) => notice.version)
  .sort((a, b) => b.localeCompare(a))[0]!;
