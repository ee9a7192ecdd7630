import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { sql } from 'kysely';
import { openPglite } from '../../src/server/db/pglite.ts';
import { axeViolations, expect, test } from './fixtures.ts';
import { islandsReady, uniqueName } from './support/islands.ts';
import { MAIL_SERVER_PASSWORD as PASSWORD, mailTo as mailFor, startMailServer } from './support/mail-server.ts';
import { NOTICE_VERSION } from '../support/privacy.ts';

const DAY_MS = 86_400_000;

/** Every file under a folder, names and contents, lower-cased: what a copy of the blob store would give away. */
async function filesText(dir: string): Promise<string> {
  const parts: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) parts.push(entry.name, (await readFile(path.join(entry.parentPath, entry.name))).toString('utf8'));
  }
  return parts.join('\n').toLowerCase();
}

// One journey on a server of its own (its own PGlite folder, read after the server stops, and a real SMTP server).
// It checks data and mail, not layout (@any-viewport); the request page's layout is checked by pages.spec.ts.

/** The visitor's words and the unknown address, set by the journey and looked for after it. */
const marks: string[] = [];

test('a visitor asks for deletion, confirms from the mail, the owner deletes within 10 days, the data is gone and the visitor is told', { tag: '@any-viewport' }, async ({ page }) => {
  test.setTimeout(300_000);
  const server = await startMailServer({ database: 'folder', env: { INQUIRY_NOTIFY_TO: 'leasing@btower.example' } });
  const { origin, smtp, dataDir } = server;
  let stopped = false;
  try {
    const mailTo = (address: string, subject: string) => mailFor(server, address, (found) => found === subject);

    // A visitor sent an inquiry (their words, to look for afterwards).
    const name = uniqueName('Privacia');
    const email = `privacia-${Date.now().toString(36)}@example.com`;
    const word = `frobz${Date.now().toString(36)}`;
    const sent = await page.request.post(`${origin}/api/inquiries`, {
      data: { privacyNoticeVersion: NOTICE_VERSION, locale: 'en', name, email, phone: '010-2468-1357', message: `Looking for ${word} office space`, company: `${word}corp`, attachments: [] },
    });
    expect(sent.status()).toBe(201);
    marks.push(email.toLowerCase(), name.toLowerCase(), word);
    await mailTo(email, '[B TOWER] We received your leasing inquiry');

    // The request page, in English: the same answer for an unknown address and for theirs.
    await page.goto(`${origin}/en/privacy/request/`);
    await expect(page.getByRole('heading', { level: 1, name: 'Privacy requests' })).toBeVisible();
    const scripts = await page.evaluate(() => performance.getEntriesByType('resource').filter((e) => e.name.includes('/_astro/') && e.name.endsWith('.js')).map((e) => new URL(e.name).pathname));
    const own = scripts.filter((file) => /privacy-request|request\.astro/.test(file));
    expect(own.length).toBeGreaterThan(0);
    for (const file of own) expect(gzipSync(await (await page.request.get(`${origin}${file}`)).body()).byteLength, file).toBeLessThanOrEqual(10 * 1024);
    // Sent empty: the message is at the choice, which has the focus.
    await page.getByRole('button', { name: 'Send request' }).click();
    await expect(page.getByText('Choose what you would like.')).toBeVisible();
    await expect(page.getByRole('radio', { name: 'See what is held about me' })).toBeFocused();
    expect(await axeViolations(page)).toEqual([]);

    const unknown = `nobody-${Date.now().toString(36)}@example.com`;
    marks.push(unknown);
    await page.getByRole('radio', { name: 'Delete my data' }).check();
    await page.getByLabel('The e-mail address you used').fill(unknown);
    await page.getByRole('button', { name: 'Send request' }).click();
    const answer = page.getByRole('status').filter({ hasText: 'Thank you.' });
    await expect(answer).toBeVisible();
    const unknownAnswer = await answer.textContent();
    await page.reload();
    await page.getByRole('radio', { name: 'Delete my data' }).check();
    await page.getByLabel('The e-mail address you used').fill(email);
    await page.getByRole('button', { name: 'Send request' }).click();
    await expect(answer).toBeVisible();
    expect(await answer.textContent()).toBe(unknownAnswer);

    // The link in the mail confirms it, once.
    const confirmMail = await mailTo(email, '[B TOWER] Confirm your privacy request');
    const link = confirmMail.text.match(/http:\/\/\S+#token=[\w-]+/)?.[0];
    expect(link).toContain(`${origin}/en/privacy/request/confirm/#token=`);
    await page.goto(link!);
    await expect(page.getByRole('status')).toHaveText('Your request is confirmed. We will answer by e-mail within 10 days.');
    expect(page.url()).not.toContain('token');
    // Opened again, the link says it was used (not "unknown", not a 429).
    await page.goto('about:blank');
    await page.goto(link!);
    await expect(page.getByRole('status')).toHaveText(/^This link has already confirmed your request\. It is being handled/);
    expect(smtp.mails.some((m) => m.to.includes(unknown))).toBe(false);

    // The owner sees one request (nothing for the unknown address), due 10 days after confirmation, and deletes.
    await page.goto(`${origin}/admin`);
    await islandsReady(page);
    await page.getByLabel('비밀번호').fill(PASSWORD);
    await page.getByRole('button', { name: '로그인', exact: true }).click();
    await page.getByRole('tab', { name: '개인정보 요청' }).click({ timeout: 60_000 });
    const card = page.getByTestId('privacy-request');
    await expect(card).toHaveCount(1);
    await expect(card).toContainText('개인정보 삭제');
    await expect(card).toContainText(email);
    const due = new Intl.DateTimeFormat('ko-KR', { dateStyle: 'medium', timeZone: 'Asia/Seoul' }).format(new Date(Date.now() + 10 * DAY_MS));
    await expect(card.getByTestId('privacy-due')).toHaveText(due);
    // Only what a deletion request allows, each confirmed in the app's own dialog; the request links its inquiry.
    await expect(card.getByTestId('privacy-inquiries').getByRole('link')).toHaveCount(1);
    await expect(card.getByRole('button', { name: '사본 보내기' })).toHaveCount(0);
    await card.getByRole('button', { name: '지금 삭제' }).click();
    const confirmDialog = page.getByTestId('privacy-action-confirm');
    await expect(confirmDialog).toContainText('되돌릴 수 없습니다');
    await confirmDialog.getByRole('button', { name: '지금 삭제' }).click();
    await expect(card).toContainText('종료');

    // The visitor is told in their language; then their address is forgotten too.
    const outcome = await mailTo(email, '[B TOWER] Your privacy request: Delete my data');
    expect(outcome.text).toContain('Your personal data has been deleted');
    await page.getByRole('tab', { name: '문의 관리' }).click();
    await expect(page.getByTestId('inquiry-destroyed').first()).toHaveText('개인정보 파기됨');
    await page.getByRole('tab', { name: '개인정보 요청' }).click();
    await expect(card).toContainText('결과 메일 발송 후 주소 삭제됨');
  } finally {
    await server.stop();
    stopped = true;
  }

  // The server is stopped: its database and blob store, read directly, hold nothing of the visitor.
  if (stopped) {
    const db = await openPglite({ dataDir: path.join(dataDir, 'pglite') });
    try {
      const tables = await sql<{ tableName: string }>`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`.execute(db);
      expect(tables.rows.length).toBeGreaterThan(10);
      const inquiries = await db.selectFrom('inquiries').select(['destroyedAt', 'status']).execute();
      expect(inquiries).toHaveLength(1);
      expect(inquiries[0]!.destroyedAt).not.toBeNull();
      for (const { tableName } of tables.rows) {
        const rows = await sql<{ row: string }>`select t::text as row from ${sql.table(tableName)} t`.execute(db);
        const text = rows.rows.map((r) => r.row).join('\n').toLowerCase();
        expect(marks.filter((mark) => text.includes(mark)), `${tableName} holds`).toEqual([]);
      }
    } finally {
      await db.destroy();
    }
    const blobs = await filesText(path.join(dataDir, 'blobs'));
    expect(marks.filter((mark) => blobs.includes(mark))).toEqual([]);
  }
  await server.dispose();
});

test('a confirmation refused by a limit says how long to wait', { tag: '@any-viewport' }, async ({ page }) => {
  // The server's 429 and its Retry-After are checked in tests/api/privacy-requests.test.ts; here, what the page says of them.
  await page.route('**/api/privacy/requests/confirm', (route) =>
    route.fulfill({ status: 429, headers: { 'Retry-After': '299', 'Content-Type': 'application/json' }, body: JSON.stringify({ error: { code: 'too_many_requests', message: 'Too many requests' } }) }));
  await page.goto('/privacy/request/confirm/#token=abc');
  await expect(page.getByRole('status')).toHaveText('요청이 너무 많습니다. 5분 후에 다시 시도해 주세요.');
});
