import { test, expect, axeViolations } from './fixtures';
import type { Page } from '@playwright/test';
import { LOCALES, localizePath } from '../../src/i18n/locales.ts';
import { brandText, type Brand } from '../../src/shared/brand.ts';
import type { Locale } from '../../src/i18n/locales.ts';
import { adminToken, ADMIN_PASSWORD, apiToken, createBrand, islandsReady, loginAsAdmin, openAdmin, pngFile, uniqueName, uploadInDialog } from './support/islands.ts';

/** Card names in page order, once the list has loaded. */
async function cardNames(page: Page): Promise<string[]> {
  // The home strip hydrates when it comes into view (client:visible).
  if (await page.locator('#tenants').count()) await page.locator('#tenants').scrollIntoViewIfNeeded();
  await expect(page.getByTestId('brand-skeleton')).toHaveCount(0);
  // The directory builds its first screen of cards first, the rest a frame later: busy until all are in.
  const directory = page.getByTestId('brand-results');
  if (await directory.count()) await expect(directory).toHaveAttribute('aria-busy', 'false');
  return page.getByTestId('brand-card').locator('h3').allTextContents();
}

/** Brands stored now, newest first, as the API lists them. */
async function storedBrands(page: Page): Promise<Brand[]> {
  return (await (await page.request.get('/api/brands')).json()) as Brand[];
}

/** The names a visitor of `locale` should see for these brands (their own language, else Korean). */
const shownNames = (brands: Brand[], locale: Locale) => brands.map((brand) => brandText(brand, locale).name);

/**
 * `name` is first, in every language, on / and /brands: only brands stored after it (by tests running in
 * parallel) may come before it, and the home strip holds exactly the 3 newest.
 */
async function expectFirstOnHomeAndDirectory(page: Page, name: string) {
  for (const locale of LOCALES) {
    for (const path of ['/', '/brands']) {
      await expect(async () => {
        // Read the page again on each try: a parallel test may have stored a brand in between.
        await page.goto(localizePath(locale, path));
        const names = await cardNames(page);
        const stored = shownNames(await storedBrands(page), locale);
        const newer = stored.indexOf(name);
        expect(newer).toBeGreaterThanOrEqual(0);
        if (path === '/') expect(names).toEqual(stored.slice(0, 3));
        if (path === '/brands' || newer < 3) expect(names.indexOf(name)).toBe(newer);
      }).toPass();
    }
  }
}

/** The home strip shows exactly the 3 newest stored brands, as they are now (parallel tests write too). */
async function expectHomeShowsNewest(page: Page) {
  await expect(async () => {
    await page.goto('/');
    const names = await cardNames(page);
    expect(names).toEqual(shownNames((await storedBrands(page)).slice(0, 3), 'ko'));
  }).toPass();
}

test.describe('admin', () => {
  test('the login card speaks to the team\'s named people; a wrong password shows the failure toast and keeps the card', { tag: '@any-viewport' }, async ({ page }) => {
    await page.goto('/admin');
    await islandsReady(page);
    // Each person signs in as themselves (issue 28): not "enter the administrator password".
    await expect(page.getByRole('heading', { name: '임대팀 로그인' })).toBeVisible();
    await expect(page.getByText('내 사용자 이름과 비밀번호로 로그인하세요.', { exact: false })).toBeVisible();
    await expect(page.getByText('관리자 비밀번호를 입력해주세요.')).toHaveCount(0);
    await page.getByLabel('비밀번호').fill('not-the-password');
    await page.getByRole('button', { name: '로그인', exact: true }).click();
    const toast = page.getByTestId('toast');
    // The first request on a fresh data folder opens the database: allow it time.
    await expect(toast).toContainText('로그인 실패');
    await expect(toast).toContainText('사용자 이름 또는 비밀번호가 틀렸습니다');
    // Said at the field too, where a screen reader announces it with the field.
    const password = page.getByLabel('비밀번호');
    await expect(password).toBeVisible();
    await expect(password).toHaveAttribute('aria-invalid', 'true');
    await expect(password).toHaveAccessibleDescription('사용자 이름 또는 비밀번호가 틀렸습니다');
    await password.fill(ADMIN_PASSWORD);
    await expect(password).not.toHaveAttribute('aria-invalid', 'true');
  });

  test('the session survives a reload, an expired token returns to login, logout ends it', { tag: '@any-viewport' }, async ({ page }) => {
    await loginAsAdmin(page);
    await expect(page.getByTestId('toast')).toContainText('로그인했습니다.');
    // The login card that held focus is gone: focus is on the panel's heading, not the page body.
    await expect(page.getByRole('heading', { level: 1, name: '관리자 패널' })).toBeFocused();
    await page.reload();
    await expect(page.getByRole('tab', { name: '문의 관리' })).toBeVisible();

    await page.evaluate(() => localStorage.setItem('admin-token', 'revoked-or-expired'));
    await page.reload();
    // The login card says why it asks again (issue 25: a session ends by its idle limit, its 12 hours or a sign-out).
    await expect(page.getByTestId('session-notice')).toContainText('로그인이 끝났습니다');
    await expect(page.getByLabel('비밀번호')).toBeVisible();
    await islandsReady(page);

    await page.getByLabel('비밀번호').fill(ADMIN_PASSWORD);
    await page.getByRole('button', { name: '로그인', exact: true }).click();
    await expect(page.getByRole('tab', { name: '문의 관리' })).toBeVisible();
    const token = await adminToken(page);
    await page.getByRole('button', { name: '로그아웃' }).click();
    await expect(page.getByLabel('비밀번호')).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('admin-token'))).toBeNull();
    // The server revoked it too.
    const after = await page.request.get('/api/inquiries', { headers: { Authorization: `Bearer ${token}` } });
    expect(after.status()).toBe(401);
  });

  test('every brand-form rule shows its Korean message at the field', { tag: '@any-viewport' }, async ({ page }) => {
    await openAdmin(page);
    await page.getByRole('tab', { name: '브랜드 관리' }).click();
    // What the admin sees listed before: a refused form must not add a row. The list is read once its search box
    // (or its empty line) shows (the tab's code may still be coming, when no loading line has shown yet either).
    await expect(page.getByRole('searchbox', { name: '브랜드 검색' }).or(page.getByText('등록된 브랜드가 없습니다.'))).toBeVisible();
    const listed = await page.getByTestId('brand-row').allTextContents();
    await page.getByRole('button', { name: '등록', exact: true }).click();
    // Focus goes to the first field with a message.
    await expect(page.getByLabel('브랜드명')).toBeFocused();
    await expect(page.getByLabel('브랜드명')).toHaveAccessibleDescription('브랜드명을 입력해주세요');
    await expect(page.getByRole('button', { name: '썸네일 업로드' })).toHaveAttribute('aria-invalid', 'true');
    for (const message of [
      '브랜드명을 입력해주세요', '설명을 입력해주세요', '업종을 선택해주세요', '층수를 선택해주세요', '호수를 입력해주세요',
      '면적을 입력해주세요', '썸네일 이미지를 업로드해주세요', '전화번호를 입력해주세요', '이메일을 입력해주세요',
    ]) {
      await expect(page.getByText(message, { exact: true })).toBeVisible();
    }
    await expect(page.getByLabel('브랜드명')).toHaveAttribute('aria-invalid', 'true');
    await page.getByLabel('이메일').fill('not-an-email');
    await page.getByLabel('웹사이트').fill('javascript:alert(1)');
    await page.getByRole('button', { name: '등록', exact: true }).click();
    await expect(page.getByText('올바른 이메일 주소를 입력해주세요', { exact: true })).toBeVisible();
    await expect(page.getByText('올바른 웹사이트 URL을 입력해주세요', { exact: true })).toBeVisible();
    await expect(page.getByTestId('brand-row')).toHaveText(listed);
  });

  test('a brand created with a thumbnail comes first on home and /brands in every language; edit and delete show there', { tag: '@any-viewport' }, async ({ page }) => {
    // A long journey (a thumbnail upload, then home and /brands in four languages): 84 s at a load average of ~20.
    test.setTimeout(180_000);
    const name = uniqueName('E2E Atelier');
    await openAdmin(page);
    await page.getByRole('tab', { name: '브랜드 관리' }).click();
    await page.getByLabel('브랜드명').fill(name);
    await page.getByLabel('설명').fill('Seasonal French bistro on the ground floor.');
    await page.getByLabel('업종').selectOption('F&B');
    await page.getByLabel('층수').selectOption('1F');
    await page.getByLabel('호수').fill('101');
    await page.getByLabel('면적').fill('149.88평');
    await page.getByLabel('전화번호').fill('02-555-0101');
    await page.getByLabel('이메일').fill('hello@atelier.example');
    await page.getByLabel('웹사이트').fill('https://atelier.example');
    await page.getByRole('button', { name: '썸네일 업로드' }).click();
    await uploadInDialog(page, [pngFile()]);
    await expect(page.getByTestId('thumbnail-preview')).toBeVisible();
    await page.getByRole('button', { name: '완료' }).press('Enter');
    await page.getByRole('button', { name: '등록', exact: true }).click();
    await expect(page.getByTestId('toast')).toContainText('브랜드가 등록되었습니다.');
    await expect(page.getByTestId('brand-row').filter({ hasText: name })).toContainText('영업 중');
    await expect(page.getByLabel('브랜드명')).toHaveValue('');

    await expectFirstOnHomeAndDirectory(page, name);
    const card = page.getByTestId('brand-card').filter({ hasText: name });
    await page.goto(`/brands?search=${encodeURIComponent(name)}`);
    await expect(card).toContainText('1층 101호 (149.88평)');
    await card.locator('img').scrollIntoViewIfNeeded();
    await expect(card.locator('img')).toHaveJSProperty('complete', true);
    expect(await card.locator('img').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    await expect(card.getByRole('link', { name: /웹사이트/ })).toHaveAttribute('target', '_blank');

    // Edit: the form loads the brand, the button reads 수정 and a cancel button appears.
    await page.goto('/admin');
    await page.getByRole('tab', { name: '브랜드 관리' }).click();
    await expect(page.getByRole('button', { name: '취소' })).toHaveCount(0);
    await page.getByTestId('brand-row').filter({ hasText: name }).getByRole('button', { name: /수정/ }).click();
    await expect(page.getByLabel('브랜드명')).toHaveValue(name);
    await expect(page.getByRole('button', { name: '취소' })).toBeVisible();
    const renamed = `${name} Rive`;
    await page.getByLabel('브랜드명').fill(renamed);
    await page.getByLabel('영업 중').uncheck();
    await page.locator('form button[type=submit]', { hasText: '수정' }).click();
    await expect(page.getByTestId('toast')).toContainText('브랜드가 수정되었습니다.');
    await expect(page.getByTestId('brand-row').filter({ hasText: renamed })).toContainText('오픈 예정');
    await expect(page.getByRole('button', { name: '취소' })).toHaveCount(0);
    await expectHomeShowsNewest(page);
    await page.goto(`/en/brands?search=${encodeURIComponent(renamed)}`);
    await expect(page.getByTestId('brand-card')).toHaveCount(1);
    await expect(page.getByTestId('brand-card')).toContainText('Opening soon');

    // Delete is immediate and leaves both pages.
    await page.goto('/admin');
    await page.getByRole('tab', { name: '브랜드 관리' }).click();
    await page.getByTestId('brand-row').filter({ hasText: renamed }).getByRole('button', { name: /삭제/ }).click();
    await expect(page.getByTestId('toast')).toContainText('브랜드가 삭제되었습니다.');
    await expect(page.getByTestId('brand-row').filter({ hasText: renamed })).toHaveCount(0);
    await expectHomeShowsNewest(page);
    await page.goto(`/brands?search=${encodeURIComponent(renamed)}`);
    await expect(page.getByTestId('no-brands')).toBeVisible();
  });

  test('images have no input (spec §5) and an edit keeps them; tags are chips the admin adds and removes', { tag: '@any-viewport' }, async ({ page }) => {
    const token = await apiToken(page.request);
    const seeded = await createBrand(page.request, token, { name: uniqueName('E2E Tagged'), tags: ['bistro', 'wine', 'brunch', 'terrace'] });
    // What the server makes (id, dates, the page address) is not part of the form, so it is not sent back.
    const { id, createdAt, updatedAt, slug: _slug, version: _version, directoryState: _state, openingOn: _opening, ...input } = seeded;
    const withImage = await page.request.put(`/api/brands/${id}`, {
      headers: { Authorization: `Bearer ${token}` },
      data: { ...input, images: [seeded.thumbnail] },
    });
    expect(withImage.ok(), await withImage.text()).toBe(true);
    await openAdmin(page);
    await page.getByRole('tab', { name: '브랜드 관리' }).click();
    await page.getByTestId('brand-row').filter({ hasText: seeded.name }).getByRole('button', { name: /수정/ }).click();
    await expect(page.locator('form [name="images"]')).toHaveCount(0);
    await expect(page.getByTestId('tag-chip')).toHaveText(['bistro', 'wine', 'brunch', 'terrace']);
    const renamed = `${seeded.name} Rive`;
    await page.getByLabel('브랜드명').fill(renamed);
    await page.getByRole('button', { name: '태그 삭제: wine' }).click();
    const tagInput = page.getByRole('textbox', { name: '태그' });
    await tagInput.fill('natural');
    await tagInput.press('Enter');
    await tagInput.pressSequentially('late night,');
    await expect(page.getByTestId('tag-chip')).toHaveText(['bistro', 'brunch', 'terrace', 'natural', 'late night']);
    await expect(tagInput).toHaveAttribute('maxlength', '30');
    await page.locator('form button[type=submit]', { hasText: '수정' }).click();
    await expect(page.getByTestId('toast')).toContainText('브랜드가 수정되었습니다.');
    const stored = ((await (await page.request.get(`/api/brands?search=${encodeURIComponent(renamed)}`)).json()) as Brand[])[0]!;
    expect(stored).toMatchObject({ name: renamed, tags: ['bistro', 'brunch', 'terrace', 'natural', 'late night'], images: [seeded.thumbnail] });
    await page.goto(`/brands?search=${encodeURIComponent(renamed)}`);
    await expect(page.getByTestId('brand-card').locator('li')).toHaveText(['#bistro', '#brunch', '#terrace']);
  });

  // One test per tab: each sweep is a page's worth of axe, and the budget below is per sweep.
  for (const tab of ['문의 관리', '공간', '브랜드 관리']) {
    test(`the ${tab} tab passes axe`, async ({ page }) => {
      await openAdmin(page);
      const button = page.getByRole('tab', { name: tab, exact: true });
      await button.click();
      await expect(button).toHaveAttribute('aria-selected', 'true');
      await page.waitForLoadState('networkidle');
      expect(await axeViolations(page)).toEqual([]);
    });
  }
});
