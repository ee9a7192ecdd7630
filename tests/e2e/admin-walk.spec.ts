import type { APIRequestContext, Page } from '@playwright/test';
import { test, expect } from './fixtures';
import type { Brand } from '../../src/shared/brand.ts';
import type { Unit, UnitInput } from '../../src/shared/units/unit.ts';
import { ACCEPTED_DOCUMENTS } from '../support/documents.ts';
import { apiToken, createBrand, islandsReady, openAdmin, showInboxFilters, uniqueName } from './support/islands.ts';
import { NOTICE_VERSION } from '../support/privacy.ts';

/**
 * The second walk through the admin (issue 16): what a leasing team member did, and what they noticed.
 */

const unique = (prefix: string) => `${prefix}${Date.now().toString(36).slice(-4)}${Math.random().toString(36).slice(2, 5)}`.toUpperCase();

async function createUnit(request: APIRequestContext, fields: Partial<UnitInput>): Promise<Unit> {
  const token = await apiToken(request);
  const body: Partial<UnitInput> = { floor: '14F', unitNumber: unique('Z'), exclusiveAreaM2: 80, supplyAreaM2: 120, uses: ['Office'], status: 'available', ...fields };
  const response = await request.post('/api/units', { headers: { Authorization: `Bearer ${token}` }, data: body });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as Unit;
}

/** Holds every DELETE to `pattern` until released: the request is "running" for as long as the test wants. */
async function holdDeletes(page: Page, pattern: string) {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  const sent: string[] = [];
  await page.route(pattern, async (route) => {
    if (route.request().method() === 'DELETE') {
      sent.push(route.request().url());
      await held;
    }
    await route.continue();
  });
  return { sent, release };
}

test.describe('one delete per click (issue 16)', () => {
  test('a double click on a space’s 삭제 deletes it once, leaves nothing under the pointer, and keeps the undo', async ({ page }) => {
    await page.clock.install();
    const [first, next] = [await createUnit(page.request, { unitNumber: unique('Z1') }), await createUnit(page.request, { unitNumber: unique('Z2') })];
    await openAdmin(page);
    await page.getByRole('tab', { name: '공간' }).click();
    const rowOf = (unit: Unit) => page.getByTestId('unit-row').filter({ hasText: unit.unitNumber });
    await expect(rowOf(next)).toBeVisible();
    const deletes = await holdDeletes(page, '**/api/units/*');
    const button = rowOf(first).getByRole('button', { name: /^삭제/ });
    const box = (await button.boundingBox())!;

    await button.dblclick();
    // While its request runs the button does nothing more.
    await expect(button).toBeDisabled();
    deletes.release();
    const toast = page.getByTestId('toast').filter({ hasText: `14층 ${first.unitNumber}호 공간을 삭제했습니다.` });
    await expect(toast).toBeVisible();
    await expect(toast.getByRole('button', { name: '되돌리기' })).toBeFocused();
    // The row leaves a placeholder of its height: a third click where the pointer still is hits no button.
    await expect(page.getByTestId('unit-row-deleted').filter({ hasText: first.unitNumber })).toBeVisible();
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    await expect(rowOf(next)).toBeVisible();
    expect(deletes.sent).toEqual([expect.stringContaining(`/api/units/${first.id}`)]);
    await expect(page.getByTestId('toast').filter({ hasText: '삭제하지 못했습니다' })).toHaveCount(0);

    await toast.getByRole('button', { name: '되돌리기' }).click();
    await expect(page.getByTestId('toast')).toContainText(`14층 ${first.unitNumber}호 공간을 되살렸습니다.`);
    await expect(rowOf(first)).toBeVisible();
  });

  test('a double click on a brand’s 삭제 deletes it once, says which brand, and keeps the undo', async ({ page }) => {
    await page.clock.install();
    const token = await apiToken(page.request);
    const older = await createBrand(page.request, token, { name: uniqueName('E2E 다음 브랜드') });
    const brand = await createBrand(page.request, token, { name: uniqueName('E2E 두 번 누른 브랜드') });
    await openAdmin(page);
    await page.getByRole('tab', { name: '브랜드 관리' }).click();
    const rowOf = (b: Brand) => page.getByTestId('brand-row').filter({ hasText: b.name });
    await expect(rowOf(older)).toBeVisible();
    const deletes = await holdDeletes(page, '**/api/brands/*');
    const button = rowOf(brand).getByRole('button', { name: /^삭제/ });
    const box = (await button.boundingBox())!;

    await button.dblclick();
    await expect(button).toBeDisabled();
    deletes.release();
    const toast = page.getByTestId('toast').filter({ hasText: `"${brand.name}" 브랜드가 삭제되었습니다.` });
    await expect(toast).toBeVisible();
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    await expect(rowOf(older)).toBeVisible();
    expect(deletes.sent).toEqual([expect.stringContaining(`/api/brands/${brand.id}`)]);
    await expect(page.getByTestId('toast').filter({ hasText: '브랜드 삭제 실패' })).toHaveCount(0);
    await toast.getByRole('button', { name: '되돌리기' }).click();
    await expect(page.getByTestId('toast')).toContainText(`"${brand.name}" 브랜드를 되돌렸습니다.`);
    await expect(rowOf(brand)).toBeVisible();
  });
});

test('no admin tab is wider than a phone, and brand thumbnails come from the Image CDN', async ({ page, isMobile }) => {
  const token = await apiToken(page.request);
  const brand = await createBrand(page.request, token, { name: uniqueName('E2E 아주 긴 이름의 브랜드 전문 클리닉 센터') });
  await createUnit(page.request, {});
  await page.request.post('/api/inquiries', { data: { privacyNoticeVersion: NOTICE_VERSION, name: uniqueName('폭 확인'), email: 'wide@example.com', phone: '010-2345-6789', message: '가로 폭을 확인합니다.' } });
  await openAdmin(page);
  const width = () => page.evaluate(() => document.documentElement.scrollWidth);
  for (const [tab, row] of [['문의 관리', 'inquiry-row'], ['브랜드 관리', 'brand-row'], ['공간', 'unit-row']] as const) {
    await page.getByRole('tab', { name: tab }).click();
    await expect(page.getByTestId(row).first()).toBeVisible();
    if (isMobile) expect(await width(), tab).toBeLessThanOrEqual(390);
  }
  await page.getByRole('tab', { name: '브랜드 관리' }).click();
  const thumbnail = page.getByRole('img', { name: new RegExp(brand.name) }).first();
  await expect(thumbnail).toHaveAttribute('src', /^\/\.netlify\/images\?url=%2Fobjects%2Fuploads%2F[0-9a-f-]{36}&w=96&h=96&fit=cover$/);
  // The edit form's preview is the CDN's small copy too, never the uploaded original (a phone photo of several MB).
  await page.getByRole('button', { name: `수정 ${brand.name}`, exact: true }).click();
  await expect(page.getByRole('img', { name: '썸네일 미리보기' })).toHaveAttribute('src', /^\/\.netlify\/images\?url=%2Fobjects%2Fuploads%2F[0-9a-f-]{36}&w=256&h=256&fit=/);
});

test('the unit form takes focus to the first wrong field, clears a message once its field is right, and checks the number against the floor', async ({ page }) => {
  await openAdmin(page);
  await page.getByRole('tab', { name: '공간' }).click();
  // Filled from the bottom up, as far down the long form as it goes, then sent.
  await page.getByLabel('공급면적 (m²)').fill('120');
  await page.getByRole('button', { name: '공간 등록' }).click();
  const floor = page.getByRole('combobox', { name: '층', exact: true });
  await expect(floor).toBeFocused();
  await expect(floor).toBeInViewport();
  await expect(page.getByTestId('unit-error-floor')).toBeVisible();
  await floor.selectOption('12F');
  await expect(page.getByTestId('unit-error-floor')).toHaveCount(0);
  await page.getByLabel('호실 번호').fill('301');
  await page.getByLabel('전용면적 (m²)').fill('80');
  await page.getByRole('button', { name: '공간 등록' }).click();
  await expect(page.getByTestId('unit-error-unitNumber')).toHaveText(/호수가 선택한 층과 맞지 않습니다/);
  await expect(page.getByLabel('호실 번호')).toBeFocused();
  await page.getByLabel('호실 번호').fill('1201');
  await expect(page.getByTestId('unit-error-unitNumber')).toHaveCount(0);
});

test.describe('the inbox (issue 16)', () => {
  test('back to the list and Escape return focus to the inquiry read; a missing lost reason is named at its field, "other" takes words', async ({ page, isMobile }) => {
    const name = uniqueName('포커스 확인');
    const sent = await page.request.post('/api/inquiries', { data: { privacyNoticeVersion: NOTICE_VERSION, name, email: 'focus@example.com', phone: '010-2345-6789', message: '포커스를 확인합니다.' } });
    const { id } = (await sent.json()) as { id: string };
    await openAdmin(page, `/admin?search=${encodeURIComponent(name)}`);
    const row = page.locator(`[data-inquiry-id="${id}"]`);
    await row.click();
    const heading = page.getByRole('heading', { name, level: 2 });
    await expect(heading).toBeFocused();
    // The heading is not hidden under the fixed top bar.
    const bar = (await page.locator('header').first().boundingBox())!;
    expect((await heading.boundingBox())!.y).toBeGreaterThanOrEqual(bar.y + bar.height - 1);

    const detail = page.getByTestId('inquiry-detail');
    await detail.getByRole('button', { name: '무산', exact: true }).click();
    const reason = detail.getByLabel('무산 사유');
    await expect(reason).toBeFocused();
    await detail.getByRole('button', { name: '무산으로 표시' }).click();
    await expect(detail.getByText('무산 사유를 고르세요.')).toBeVisible();
    await expect(reason).toHaveAttribute('aria-invalid', 'true');
    // Escape first leaves the reason, then the inquiry.
    await reason.press('Escape');
    await expect(reason).toHaveCount(0);
    await detail.getByRole('button', { name: '연락함', exact: true }).focus();
    await page.keyboard.press('Escape');
    await expect(detail).toHaveCount(0);
    await expect(row).toBeFocused();

    // A reason of the fixed list; "기타" needs the words, said at their own field.
    await row.click();
    await detail.getByRole('button', { name: '무산', exact: true }).click();
    await detail.getByLabel('무산 사유').selectOption({ label: '기타' });
    await detail.getByRole('button', { name: '무산으로 표시' }).click();
    const words = detail.getByLabel('기타 사유');
    await expect(detail.getByText('‘기타’ 사유를 적어 주세요.')).toBeVisible();
    await expect(words).toBeFocused();
    await words.fill('사옥 매입으로 계획 변경');
    await detail.getByRole('button', { name: '무산으로 표시' }).click();
    await expect(detail.getByTestId('inquiry-lost-reason')).toHaveText('무산 사유: 기타: 사옥 매입으로 계획 변경');
    await detail.getByRole('button', { name: '연락함', exact: true }).focus();
    await page.keyboard.press('Escape');
    await expect(detail).toHaveCount(0);

    await row.click();
    await expect(heading).toBeFocused();
    await page.getByRole('button', { name: '목록으로' }).click();
    await expect(row).toBeFocused();
    if (isMobile) {
      // On a phone the list comes first; the filters wait behind their button, which counts those applied.
      const toggle = page.getByRole('button', { name: /^필터/ });
      await expect(toggle).toContainText('1개 적용 중');
      await expect(page.getByTestId('inbox-filters')).toBeHidden();
      await showInboxFilters(page);
      await expect(page.getByRole('searchbox', { name: '검색' })).toBeVisible();
    } else {
      await expect(page.getByRole('button', { name: /^필터/ })).toBeHidden();
    }
  });

  test('dates read in the admin’s language', { tag: '@any-viewport' }, async ({ page }) => {
    const name = uniqueName('Date check');
    await page.request.post('/api/inquiries', { data: { privacyNoticeVersion: NOTICE_VERSION, name, email: 'date@example.com', phone: '010-2345-6789', message: 'Date check.' } });
    await page.goto(`/en/admin?search=${encodeURIComponent(name)}`);
    await islandsReady(page);
    await page.getByLabel('Password').fill(process.env.E2E_ADMIN_PASSWORD ?? 'e2e-admin-password');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    const row = page.getByTestId('inquiry-row').filter({ hasText: name });
    await expect(row).toContainText(/[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d\d\s?[AP]M/);
    await expect(row).not.toContainText(/오전|오후/);
  });
});

test.describe('inquiry attachments (issue 16)', () => {
  test('the upload dialog takes documents and photos a tenant sends and refuses setup.exe, naming what it takes', { tag: '@any-viewport' }, async ({ page }) => {
    await page.goto('/contact');
    await islandsReady(page);
    await page.getByRole('button', { name: '파일 첨부' }).click();
    const dialog = page.locator('.uppy-Dashboard--modal');
    const input = dialog.locator('input.uppy-Dashboard-input').first();
    await expect(dialog.locator('.uppy-Dashboard-inner')).toBeVisible();
    await input.setInputFiles({ name: 'setup.exe', mimeType: 'application/x-msdownload', buffer: Buffer.from('MZ\x90\x00') });
    await expect(dialog.getByRole('alert').first()).toContainText('다음 형식만 업로드할 수 있습니다: PDF, JPG, JPEG, PNG, WEBP, HEIC, HEIF, HWP, HWPX, DOC, DOCX, XLS, XLSX, PPT, PPTX');
    await expect(dialog.locator('.uppy-Dashboard-Item')).toHaveCount(0);
    const files = ['사업계획서.hwp', 'company.docx', 'finance.xlsx', 'iphone.heic'].map((name) => ({ name, mimeType: '', buffer: ACCEPTED_DOCUMENTS[name]!.bytes }));
    await input.setInputFiles(files);
    await expect(dialog.locator('.uppy-Dashboard-Item')).toHaveCount(4);
  });

  test('a program renamed to .pdf is refused by the server, and the dialog says it is not a real PDF', { tag: '@any-viewport' }, async ({ page }) => {
    await page.goto('/contact');
    await islandsReady(page);
    await page.getByRole('button', { name: '파일 첨부' }).click();
    const dialog = page.locator('.uppy-Dashboard--modal');
    await expect(dialog.locator('.uppy-Dashboard-inner')).toBeVisible();
    const refused = page.waitForResponse((response) => response.request().method() === 'PUT' && response.url().includes('/objects/uploads/'));
    await dialog.locator('input.uppy-Dashboard-input').first().setInputFiles({ name: 'setup.pdf', mimeType: 'application/pdf', buffer: Buffer.concat([Buffer.from('MZ\x90\x00'), Buffer.alloc(60)]) });
    await dialog.locator('.uppy-StatusBar-actionBtn--upload').click();
    const response = await refused;
    expect(response.status()).toBe(415);
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe('unsupported_attachment_type');
    await expect(dialog).toContainText('setup.pdf: 실제 PDF 파일이 아닙니다.');
  });

  // In the full browser: the headless shell has no PDF viewer and saves a PDF as a download.
  test('in the inbox a PDF opens in a sandboxed tab and a Word file downloads without a blank tab', { tag: '@full-browser' }, async ({ page, context }) => {
    const paths: string[] = [];
    for (const name of ['floor-plan.pdf', 'company.docx']) {
      const sample = ACCEPTED_DOCUMENTS[name]!;
      const ticket = await page.request.post('/api/objects/upload', { data: { purpose: 'attachment', filename: name, size: sample.bytes.length, type: sample.type } });
      const { uploadURL, objectPath } = (await ticket.json()) as { uploadURL: string; objectPath: string };
      expect((await page.request.put(uploadURL, { data: sample.bytes, headers: { 'Content-Type': sample.type } })).status()).toBe(200);
      paths.push(objectPath);
    }
    const name = uniqueName('첨부 열기');
    const sent = await page.request.post('/api/inquiries', { data: { privacyNoticeVersion: NOTICE_VERSION, name, email: 'open@example.com', phone: '010-2345-6789', message: '첨부를 확인해 주세요.', attachments: paths } });
    const { id } = (await sent.json()) as { id: string };
    await openAdmin(page, `/admin?inquiry=${id}`);
    const detail = page.getByTestId('inquiry-detail');

    const pdfResponse = context.waitForEvent('response', (response) => response.url().includes(paths[0]!));
    const [popup] = await Promise.all([page.waitForEvent('popup'), detail.getByRole('button', { name: 'floor-plan.pdf' }).click()]);
    const opened = await (await pdfResponse).allHeaders();
    expect(opened['content-type']).toBe('application/pdf');
    expect(opened['content-disposition']).toMatch(/^inline;/);
    expect(opened['content-security-policy']).toMatch(/default-src 'none'.*sandbox/);
    await expect.poll(() => popup.url()).toContain(paths[0]!);
    await popup.close();

    const before = context.pages().length;
    const [download] = await Promise.all([page.waitForEvent('download'), detail.getByRole('button', { name: 'company.docx' }).click()]);
    expect(download.suggestedFilename()).toBe('company.docx');
    expect(context.pages()).toHaveLength(before);
    await expect(page).toHaveURL(new RegExp(`inquiry=${id}`));
  });
});
