import { randomBytes } from 'node:crypto';
import { test, expect, axeViolations } from './fixtures';
import type { Page } from '@playwright/test';
import { ACCEPTED_DOCUMENTS } from '../support/documents.ts';
import { apiToken, islandsReady, openAdmin, personFillTimePassed, uniqueName, uploadInDialog, acknowledgeNotice } from './support/islands.ts';

const SIX_MB = 6 * 1024 * 1024;

async function fillInquiry(page: Page, name: string) {
  // By id: the labels differ per language, the fields do not.
  await page.locator('#inquiry-name').fill(name);
  await page.locator('#inquiry-phone').fill('010-2345-6789');
  await page.locator('#inquiry-email').fill('tenant@example.com');
  await page.locator('#inquiry-message').fill('3층 120평 클리닉 입점을 검토하고 있습니다.');
  await acknowledgeNotice(page);
}

test('a visitor sends an inquiry with two attachments and the admin downloads the same bytes', { tag: '@any-viewport' }, async ({ page, consoleErrors }) => {
  // A long journey (two uploads, a send, the inbox): 71 s at a load average of ~20 on 2 cores.
  test.setTimeout(180_000);
  const name = uniqueName('E2E Visitor');
  const files = [
    { name: 'company-profile.pdf', mimeType: 'application/pdf', buffer: Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(2048)]) },
    // Above the single-request limit, so it travels in parts.
    { name: 'floor-plan.pdf', mimeType: 'application/pdf', buffer: Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(SIX_MB)]) },
  ];
  const partRequests: string[] = [];
  page.on('request', (r) => r.url().includes('partNumber=') && partRequests.push(r.url()));

  await page.goto('/contact#inquiry-form');
  await islandsReady(page);
  await fillInquiry(page, name);
  await page.getByRole('button', { name: '파일 첨부' }).click();
  await uploadInDialog(page, files);
  const list = page.getByTestId('attachment-name');
  await expect(list).toHaveText(['company-profile.pdf', 'floor-plan.pdf']);
  // Listed at once; uploaded once the dialog's upload has finished.
  await expect(page.getByTestId('attachment-list').locator('li[data-state="uploaded"]')).toHaveCount(2, { timeout: 60_000 });
  expect(partRequests.length).toBeGreaterThanOrEqual(2);
  await page.keyboard.press('Escape');
  await expect(page.locator('.uppy-Dashboard--modal .uppy-Dashboard-inner')).toBeHidden();
  await personFillTimePassed(page);

  await page.getByRole('button', { name: '문의하기' }).click();
  await expect(page.getByTestId('toast')).toContainText('문의가 성공적으로 전송되었습니다.');
  await expect(page.getByLabel('이름')).toHaveValue('');
  await expect(page.getByTestId('attachment-list')).toHaveCount(0);

  await openAdmin(page);
  await page.getByTestId('inquiry-row').filter({ hasText: name }).click();
  const detail = page.getByTestId('inquiry-detail');
  await expect(detail.getByRole('link', { name: 'tenant@example.com' })).toHaveAttribute('href', 'mailto:tenant@example.com');
  // Attachments by name and size; each is signed at the moment it is clicked.
  const buttons = detail.getByRole('button', { name: /\.pdf$/ });
  await expect(buttons).toHaveText(['company-profile.pdf', 'floor-plan.pdf']);
  for (const [i, file] of files.entries()) {
    const [signed, popup] = await Promise.all([
      page.waitForResponse((r) => r.url().includes(`/attachments/${i}/link`)),
      page.waitForEvent('popup'),
      buttons.nth(i).click(),
    ]);
    await popup.close();
    const response = await page.request.get(((await signed.json()) as { url: string }).url);
    expect(response.status()).toBe(200);
    expect(Buffer.compare(await response.body(), file.buffer)).toBe(0);
  }
  expect(consoleErrors).toEqual([]);
});

test('empty fields are marked, each with its message, focus goes to the first, and nothing is sent', { tag: '@any-viewport' }, async ({ page }) => {
  const sent: string[] = [];
  page.on('request', (r) => r.url().endsWith('/api/inquiries') && sent.push(r.method()));
  await page.goto('/contact');
  await islandsReady(page);
  await page.getByLabel('이름').fill('Only a name');
  await page.getByRole('button', { name: '문의하기' }).click();
  const toast = page.getByTestId('toast');
  await expect(toast).toHaveText(/필수 항목을 모두 입력해주세요\./);
  await expect(toast).toHaveAttribute('data-variant', 'destructive');
  await expect(page.getByLabel('이름')).not.toHaveAttribute('aria-invalid', 'true');
  for (const label of ['연락처', '이메일', '문의 내용']) {
    await expect(page.getByLabel(label)).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByLabel(label)).toHaveAccessibleDescription('필수 항목입니다.');
  }
  await expect(page.getByLabel('연락처')).toBeFocused();
  await page.getByLabel('연락처').fill('010-2345-6789');
  await page.getByLabel('이메일').fill('not-an-email');
  await page.getByRole('button', { name: '문의하기' }).click();
  await expect(page.getByLabel('연락처')).not.toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByLabel('이메일')).toHaveAccessibleDescription('올바른 이메일 주소를 입력해주세요.');
  await expect(page.getByLabel('이메일')).toBeFocused();
  expect(sent).toEqual([]);

  // Another visitor, in a tab of their own (this tab keeps what was typed here: issue 16).
  const english = await page.context().newPage();
  await english.goto('/en/contact');
  await islandsReady(english);
  await english.getByRole('button', { name: 'Send inquiry' }).click();
  await expect(english.getByTestId('toast')).toContainText('Please fill in all required items.');
  await expect(english.getByLabel('Name')).toHaveAccessibleDescription('This field is required.');
  await expect(english.getByLabel('Name')).toBeFocused();
});

test('a field the server rejects is marked like one the form rejects', { tag: '@any-viewport' }, async ({ page }) => {
  await page.route('**/api/inquiries', (route) =>
    route.fulfill({
      status: 400,
      contentType: 'application/json',
      body: JSON.stringify({ error: { code: 'invalid_input', message: 'x', fields: { email: 'inquiry.errors.emailInvalid' } } }),
    }),
  );
  await page.goto('/ja/contact');
  await islandsReady(page);
  await fillInquiry(page, 'Server Says No');
  await page.getByRole('button', { name: '送信する' }).click();
  const email = page.locator('#inquiry-email');
  await expect(email).toHaveAttribute('aria-invalid', 'true');
  await expect(email).toHaveAccessibleDescription(/メールアドレス/);
  await expect(email).toBeFocused();
});

test('files picked in the dialog and closed with × are listed on the form, by name and size, and exactly those are sent', async ({ page }) => {
  await page.goto('/contact');
  await islandsReady(page);
  await fillInquiry(page, uniqueName('Picked Only'));
  await page.getByRole('button', { name: '파일 첨부' }).click();
  const dialog = page.locator('.uppy-Dashboard--modal');
  await expect(dialog.locator('.uppy-Dashboard-inner')).toBeVisible();
  // A Korean name in decomposed form (as macOS gives it): shown composed.
  const plan = '사업계획서.pdf'.normalize('NFD');
  await dialog.locator('input.uppy-Dashboard-input').first().setInputFiles([
    { name: plan, mimeType: 'application/pdf', buffer: Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(2_500_000, 1)]) },
    { name: 'photo.png', mimeType: 'image/png', buffer: Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(2000)]) },
  ]);
  // Closed with the dialog's × without pressing its upload button.
  await dialog.getByRole('button', { name: '닫기' }).first().click();
  await expect(dialog.locator('.uppy-Dashboard-inner')).toBeHidden();

  // The form shows both, each with its size, a word that it is sent with the inquiry, and a way to remove it.
  const list = page.getByTestId('attachment-name');
  await expect(list).toHaveText(['사업계획서.pdf'.normalize('NFC'), 'photo.png']);
  await expect(page.getByTestId('attachment-list')).toContainText('2.4 MB');
  await expect(page.getByTestId('attachment-list')).toContainText('2 KB');
  await page.getByRole('button', { name: 'photo.png 첨부 삭제' }).click();
  await expect(list).toHaveText(['사업계획서.pdf'.normalize('NFC')]);

  const sent = page.waitForRequest((request) => request.url().endsWith('/api/inquiries') && request.method() === 'POST');
  await personFillTimePassed(page);
  await page.getByRole('button', { name: '문의하기' }).click();
  const body = (await sent).postDataJSON() as { attachments: string[] };
  // Exactly what the form listed: the removed picture is not sent.
  expect(body.attachments).toHaveLength(1);
  expect(body.attachments[0]).toMatch(/^\/objects\/uploads\/[0-9a-f-]{36}$/);
  const summary = page.getByTestId('inquiry-summary');
  await expect(summary).toBeFocused();
  await expect(summary).toContainText('사업계획서.pdf'.normalize('NFC'));
  await expect(summary).not.toContainText('photo.png');
});

test('a picked file that cannot be uploaded stops the send with a message, and nothing is lost', async ({ page }) => {
  const sent: string[] = [];
  page.on('request', (r) => r.url().endsWith('/api/inquiries') && sent.push(r.method()));
  await page.route('**/api/objects/upload', (route) => route.fulfill({ status: 503, contentType: 'application/json', body: '{"error":{"code":"unavailable","message":"down"}}' }));
  await page.goto('/en/contact');
  await islandsReady(page);
  await fillInquiry(page, 'Upload Fails');
  await page.getByRole('button', { name: 'Attach files' }).click();
  const dialog = page.locator('.uppy-Dashboard--modal');
  await dialog.locator('input.uppy-Dashboard-input').first().setInputFiles({ name: 'plan.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\nplan') });
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Send inquiry' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'could not be uploaded' })).toBeVisible();
  // Taken to the file, which says it did not get through and may be sent again.
  const remove = page.getByRole('button', { name: 'Remove attachment plan.pdf' });
  await expect(remove).toBeFocused();
  await expect(remove).toHaveAccessibleDescription('plan.pdf could not be uploaded. Check your connection and send again, or remove it.');
  await expect(page.getByLabel('Name')).toHaveValue('Upload Fails');
  expect(sent).toEqual([]);
});

test('a file that is not what its name says is refused at the file, and sending takes the visitor to it and its reason', async ({ page }) => {
  const posted: string[] = [];
  const uploads: string[] = [];
  page.on('request', (r) => r.url().endsWith('/api/inquiries') && posted.push(r.method()));
  page.on('request', (r) => r.url().endsWith('/api/objects/upload') && uploads.push(r.method()));
  await page.goto('/en/contact');
  await islandsReady(page);
  await fillInquiry(page, uniqueName('Fake PDF'));
  await page.getByRole('button', { name: 'Attach files' }).click();
  const dialog = page.locator('.uppy-Dashboard--modal');
  // A program renamed fake.pdf: the dialog takes it by its name, the server reads its bytes.
  await dialog.locator('input.uppy-Dashboard-input').first().setInputFiles({ name: 'fake.pdf', mimeType: 'application/pdf', buffer: Buffer.concat([Buffer.from('MZ\x90\x00'), Buffer.alloc(60)]) });
  await page.keyboard.press('Escape');
  const file = page.getByTestId('attachment-list').locator('li').filter({ hasText: 'fake.pdf' });
  await expect(file).toContainText('Uploaded when you send the inquiry');

  await page.getByRole('button', { name: 'Send inquiry' }).click();
  const reason = 'fake.pdf is not a real PDF file. Remove it or attach the right file.';
  await expect(file).toHaveAttribute('data-state', 'failed');
  await expect(file.getByTestId('attachment-failure')).toHaveText(reason);
  await expect(file).not.toContainText('Uploaded when you send');
  // Focus and reason together: the file's remove button, described by the reason, on screen with it.
  const remove = page.getByRole('button', { name: 'Remove attachment fake.pdf' });
  await expect(remove).toBeFocused();
  await expect(remove).toHaveAccessibleDescription(reason);
  await expect(file.getByTestId('attachment-failure')).toBeInViewport();
  await expect(page.getByTestId('inquiry-status')).toHaveText('The inquiry was not sent because a file could not be uploaded. The reason is given beside the file.');

  // A second send does not upload the same bytes again: it goes back to the file.
  await page.getByRole('button', { name: 'Send inquiry' }).click();
  await expect(remove).toBeFocused();
  expect(uploads).toHaveLength(1);
  expect(posted).toEqual([]);
  await remove.press('Enter');
  await expect(page.getByTestId('attachment-list')).toHaveCount(0);
  await expect(page.getByTestId('inquiry-status')).toHaveText('');
  await expect(page.getByRole('button', { name: 'Attach files' })).toBeFocused();
});

test('a Hangul (.hwp) file, whose type the browser does not know, is uploaded with a type and goes with the inquiry', { tag: '@any-viewport' }, async ({ page }) => {
  const name = uniqueName('HWP Sender');
  const hwp = ACCEPTED_DOCUMENTS['사업계획서.hwp']!;
  const putTypes: (string | undefined)[] = [];
  page.on('request', (r) => r.method() === 'PUT' && r.url().includes('/objects/uploads/') && putTypes.push(r.headers()['content-type']));
  await page.goto('/contact');
  await islandsReady(page);
  await fillInquiry(page, name);
  await page.getByRole('button', { name: '파일 첨부' }).click();
  // As a browser picks an .hwp: a file with no type (the operating system knows none for it). Playwright's own
  // file picking always names one, so the file is made in the page.
  const dialog = page.locator('.uppy-Dashboard--modal');
  await expect(dialog.locator('.uppy-Dashboard-inner')).toBeVisible();
  await dialog.locator('input.uppy-Dashboard-input').first().evaluate((input: HTMLInputElement, bytes: number[]) => {
    const files = new DataTransfer();
    files.items.add(new File([new Uint8Array(bytes)], '사업계획서.hwp'));
    input.files = files.files;
    input.dispatchEvent(new Event('change', { bubbles: true }));
  }, [...hwp.bytes]);
  const upload = dialog.locator('.uppy-StatusBar-actionBtn--upload');
  await upload.focus();
  await upload.press('Enter');
  await expect(page.getByTestId('attachment-list').locator('li[data-state="uploaded"]')).toHaveCount(1);
  // Netlify's function runtime drops a body sent without a type (netlify-local mirrors it): one is always sent.
  expect(putTypes).toEqual(['application/octet-stream']);
  await page.keyboard.press('Escape');
  await personFillTimePassed(page);
  await page.getByRole('button', { name: '문의하기' }).click();
  await expect(page.getByTestId('inquiry-summary')).toContainText('사업계획서.hwp');

  const auth = { Authorization: `Bearer ${await apiToken(page.request)}` };
  const [stored] = ((await (await page.request.get(`/api/inquiries?search=${encodeURIComponent(name)}`, { headers: auth })).json()) as { id: string }[]);
  const detail = (await (await page.request.get(`/api/inquiries/${stored!.id}`, { headers: auth })).json()) as { attachmentFiles: { name: string; size: number; contentType: string }[] };
  expect(detail.attachmentFiles).toEqual([{ name: '사업계획서.hwp', size: hwp.bytes.length, contentType: 'application/x-hwp' }]);
});

test('an uploaded attachment is listed by its name and can be taken off before sending', async ({ page }) => {
  await page.goto('/contact');
  await islandsReady(page);
  await fillInquiry(page, uniqueName('Removes One'));
  await page.getByRole('button', { name: '파일 첨부' }).click();
  await uploadInDialog(page, [
    // Decomposed, as a Mac names files: listed composed, so it reads (and is found) as typed.
    { name: '회사소개서.pdf'.normalize('NFD'), mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\none') },
    { name: 'floor.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\ntwo') },
  ]);
  const list = page.getByTestId('attachment-name');
  await expect(list).toHaveText(['회사소개서.pdf'.normalize('NFC'), 'floor.pdf'], { timeout: 30_000 });
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: '회사소개서.pdf 첨부 삭제' }).click();
  await expect(list).toHaveText(['floor.pdf']);
  const sent = page.waitForRequest((request) => request.url().endsWith('/api/inquiries') && request.method() === 'POST');
  await page.getByRole('button', { name: '문의하기' }).click();
  expect(((await sent).postDataJSON() as { attachments: string[] }).attachments).toHaveLength(1);
  await expect(page.getByTestId('inquiry-summary')).toBeFocused();
});

test('what a visitor types before the form has loaded its script is kept and sent', { tag: '@any-viewport' }, async ({ page }) => {
  // Hold the form's script, as on a slow phone, while the visitor is already typing.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/_astro\/InquiryForm\.[^/]*\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/contact');
  await expect(page.locator('astro-island[ssr]')).not.toHaveCount(0);
  await fillInquiry(page, 'Early Typist');
  release();
  await islandsReady(page);
  await expect(page.getByLabel('이름')).toHaveValue('Early Typist');
  await expect(page.getByLabel('문의 내용')).toHaveValue('3층 120평 클리닉 입점을 검토하고 있습니다.');
  const sent = page.waitForRequest((request) => request.url().endsWith('/api/inquiries') && request.method() === 'POST');
  await page.getByRole('button', { name: '문의하기' }).click();
  expect((await sent).postDataJSON()).toMatchObject({ name: 'Early Typist', phone: '010-2345-6789', email: 'tenant@example.com' });
  await expect(page.getByTestId('toast')).toContainText('문의가 성공적으로 전송되었습니다.');
});

test('while sending the button is disabled; a failure keeps what was typed', { tag: '@any-viewport' }, async ({ page }) => {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/inquiries', async (route) => {
    await held;
    await route.fulfill({ status: 503, contentType: 'application/json', body: '{"error":{"code":"unavailable","message":"down"}}' });
  });
  await page.goto('/contact');
  await islandsReady(page);
  await fillInquiry(page, 'Kept Visitor');
  await page.getByRole('button', { name: '문의하기' }).click();
  const sending = page.getByRole('button', { name: '전송 중...' });
  await expect(sending).toBeDisabled();
  release();
  await expect(page.getByTestId('toast')).toContainText('문의 전송에 실패했습니다.');
  await expect(page.getByLabel('이름')).toHaveValue('Kept Visitor');
  await expect(page.getByRole('button', { name: '문의하기' })).toBeEnabled();
});

test('an answer lost after the inquiry was stored: resending stores it once, not twice', { tag: '@any-viewport' }, async ({ page }) => {
  let firstAnswerLost = false;
  await page.route('**/api/inquiries', async (route) => {
    if (firstAnswerLost) return route.continue();
    firstAnswerLost = true;
    await route.fetch(); // the server stores it…
    await route.abort('connectionreset'); // …and the visitor never hears back
  });
  await page.goto('/contact');
  await islandsReady(page);
  const name = uniqueName('Lost Answer');
  await fillInquiry(page, name);
  await personFillTimePassed(page);
  await page.getByRole('button', { name: '문의하기' }).click();
  await expect(page.getByTestId('toast')).toContainText('문의 전송에 실패했습니다.');
  await expect(page.getByLabel('이름')).toHaveValue(name);
  await page.getByRole('button', { name: '문의하기' }).click();
  await expect(page.getByTestId('toast').filter({ hasText: '문의가 성공적으로 전송되었습니다.' })).toBeVisible();
  const token = await apiToken(page.request);
  const stored = (await (await page.request.get(`/api/inquiries?search=${encodeURIComponent(name)}`, { headers: { Authorization: `Bearer ${token}` } })).json()) as { name: string }[];
  expect(stored.filter((inquiry) => inquiry.name === name)).toHaveLength(1);
});

test('the upload dialog refuses files over 10 MB and a sixth file, in the page language, and the message stays', async ({ page }) => {
  await page.clock.install();
  await page.goto('/en/contact');
  await islandsReady(page);
  // Uppy's styles are not render-blocking: they arrive with the first opening, before the dialog shows.
  await expect(page.locator('link[rel="stylesheet"][href*="style.min"]')).toHaveCount(0);
  await page.getByRole('button', { name: 'Attach files' }).click();
  const dialog = page.locator('.uppy-Dashboard--modal');
  const input = dialog.locator('input.uppy-Dashboard-input').first();
  await expect(dialog.locator('.uppy-Dashboard-inner')).toBeVisible();
  await expect(dialog.locator('.uppy-Dashboard-overlay')).toHaveCSS('position', 'fixed');
  await input.setInputFiles({ name: 'huge.pdf', mimeType: 'application/pdf', buffer: Buffer.alloc(10_485_761) });
  await expect(dialog).toContainText('huge.pdf exceeds the maximum allowed size of 10 MB');
  const six = Array.from({ length: 6 }, (_, i) => ({ name: `f${i}.pdf`, mimeType: 'application/pdf', buffer: Buffer.from(`%PDF-1.4 file ${i}`) }));
  await input.setInputFiles(six);
  // The first five are kept; the sixth is named, and the message is still there long after Uppy's 5 s.
  await expect(dialog.locator('.uppy-Dashboard-Item')).toHaveCount(5);
  // (Uppy's Dashboard renders each message twice.)
  const message = dialog.getByRole('alert').filter({ hasText: /You can only upload 5 files: f5\.pdf/ }).first();
  await expect(message).toBeVisible();
  await page.clock.fastForward(30_000);
  await expect(message).toBeVisible();
  // Files within the limits wait for the visitor: nothing starts by itself.
  const uploads: string[] = [];
  page.on('request', (r) => r.url().includes('/api/objects/') && uploads.push(r.url()));
  await expect(dialog.locator('.uppy-StatusBar-actionBtn--upload')).toBeVisible();
  // In the site's colours, not Uppy's green.
  await expect(dialog.locator('.uppy-StatusBar-actionBtn--upload')).toHaveCSS('background-color', 'rgb(138, 93, 18)');
  await page.clock.runFor(10_000);
  expect(uploads).toEqual([]);
});

test('/contact passes axe, with the upload dialog open too', async ({ page }) => {
  await page.goto('/contact');
  await islandsReady(page);
  await page.waitForLoadState('networkidle');
  expect(await axeViolations(page)).toEqual([]);
  await page.getByRole('button', { name: '파일 첨부' }).click();
  await expect(page.locator('.uppy-Dashboard--modal .uppy-Dashboard-inner')).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
});
