import { test, expect, axeViolations } from './fixtures';
import type { APIRequestContext, Page } from '@playwright/test';
import { LOCALES, localizePath, type Locale } from '../../src/i18n/locales.ts';
import type { Unit, UnitInput } from '../../src/shared/units/unit.ts';
import { apiToken, islandsReady, openAdmin, personFillTimePassed, pngFile, showInboxFilters, uploadInDialog, acknowledgeNotice } from './support/islands.ts';

/** A unit number no other test (or parallel project) uses: at most 20 characters. */
function uniqueNumber(prefix: string): string {
  return `${prefix}${Date.now().toString(36).slice(-5)}${Math.random().toString(36).slice(2, 5)}`.toUpperCase();
}

/** Stores a unit through the API, as the admin form would. */
async function createUnit(request: APIRequestContext, fields: Partial<UnitInput>): Promise<Unit> {
  const token = await apiToken(request);
  const body: Partial<UnitInput> = {
    floor: '5F', unitNumber: uniqueNumber('E'), exclusiveAreaM2: 100, supplyAreaM2: 150, uses: ['Medical'], status: 'available',
    availableFrom: null, monthlyRent: 3_000_000, deposit: 30_000_000, maintenanceFee: 600_000, pricePublic: true, plan: null, note: {},
    ...fields,
  };
  const response = await request.post('/api/units', { headers: { Authorization: `Bearer ${token}` }, data: body });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as Unit;
}

const cell = (page: Page, unitNumber: string) => page.locator('#stacking-plan [data-unit]').filter({ hasText: unitNumber });
const dialog = (page: Page) => page.locator('#unit-dialog');

const AVAILABLE: Record<Locale, string> = { ko: '임대 가능', en: 'Available', zh: '可租', ja: '募集中' };

test.describe('available spaces', () => {
  test('the admin adds a space with a plan; the stacking plan shows it in four languages', async ({ page }) => {
    const number = uniqueNumber('A');
    await openAdmin(page);
    await page.getByRole('tab', { name: '공간' }).click();
    await page.getByRole('button', { name: '공간 등록' }).click();
    await expect(page.getByTestId('unit-error-floor')).toHaveText('층을 선택하세요.');
    await expect(page.getByTestId('unit-error-exclusiveAreaM2')).toHaveText('전용면적(m²)을 입력하세요.');

    await page.getByRole('combobox', { name: '층', exact: true }).selectOption('7F');
    await page.getByLabel('호실 번호').fill(number);
    await page.getByLabel('전용면적 (m²)').fill('165.29');
    await expect(page.getByText('= 50평')).toBeVisible();
    await page.getByLabel('공급면적 (m²)').fill('100');
    await page.getByRole('checkbox', { name: '의료' }).check();
    await page.getByLabel('월 임대료 (원)').fill('5000000');
    await page.getByRole('button', { name: '공간 등록' }).click();
    await expect(page.getByTestId('unit-error-supplyAreaM2')).toHaveText('공급면적은 전용면적보다 작을 수 없습니다.');
    await page.getByLabel('공급면적 (m²)').fill('240');
    await page.getByRole('button', { name: '도면 올리기' }).click();
    await uploadInDialog(page, [pngFile('plan.png')]);
    await expect(page.getByTestId('unit-plan-preview')).toBeVisible();
    await page.getByRole('button', { name: '완료' }).press('Enter');
    await page.getByRole('button', { name: '공간 등록' }).click();
    await expect(page.getByTestId('toast')).toContainText(`7층 ${number}호 공간을 등록했습니다.`);
    // The price was typed but "show price to visitors" left off: the save says so (issue 16).
    await expect(page.getByTestId('toast')).toContainText('가격은 방문자에게 공개되지 않고');
    const row = page.getByTestId('unit-row').filter({ hasText: number });
    await expect(row).toContainText('165.29 m² (50평)');
    await expect(row).toContainText('₩5,000,000');
    await expect(row).toContainText('비공개');
    expect(await axeViolations(page)).toEqual([]);

    // A status change straight from the table, saved at once; its toast can take it back (issue 16).
    await row.getByRole('combobox').selectOption('negotiating');
    const changed = page.getByTestId('toast').filter({ hasText: `7층 ${number}호 공간의 상태를 바꿨습니다` });
    await expect(changed).toBeVisible();
    await changed.getByRole('button', { name: '되돌리기' }).click();
    await expect(page.getByTestId('toast')).toContainText(`7층 ${number}호 공간의 상태를 되돌렸습니다`);
    await expect(row.getByRole('combobox')).toHaveValue('available');
    expect(((await (await page.request.get('/api/units?floor=7F')).json()) as Unit[]).find((u) => u.unitNumber === number)?.status).toBe('available');

    for (const locale of LOCALES) {
      await page.goto(localizePath(locale, '/floors'));
      const unit = cell(page, number);
      await expect(unit).toHaveAttribute('aria-label', new RegExp(`${number}.*${AVAILABLE[locale]}`));
      await expect(page.locator('#plan-7F')).toContainText(number);
    }
  });

  test('deleting a space offers undo, which brings it back with the same data', { tag: '@any-viewport' }, async ({ page }) => {
    const unit = await createUnit(page.request, { floor: '9F', monthlyRent: 7_700_000, pricePublic: false });
    await openAdmin(page);
    await page.getByRole('tab', { name: '공간' }).click();
    const row = page.getByTestId('unit-row').filter({ hasText: unit.unitNumber });
    await row.getByRole('button', { name: '삭제' }).click();
    const deletedToast = page.getByTestId('toast').filter({ hasText: `9층 ${unit.unitNumber}호 공간을 삭제했습니다.` });
    await expect(deletedToast).toBeVisible();
    await expect(row).toHaveCount(0);
    await deletedToast.getByRole('button', { name: '되돌리기' }).click();
    await expect(page.getByTestId('toast')).toContainText('공간을 되살렸습니다.');
    await expect(row).toContainText('₩7,700,000');
    await expect(row).toContainText('비공개');
    // The same space, not a copy: a link shared with its id still opens it.
    const back = await page.request.get(`/api/units/${unit.id}`);
    expect(back.status()).toBe(200);
    expect(((await back.json()) as Unit).createdAt).toBe(unit.createdAt);
  });

  test('a unit shared by URL opens its detail on load; Escape closes it and focus returns to the plan', async ({ page }) => {
    const unit = await createUnit(page.request, { floor: '8F', note: { ko: '남향', en: 'Faces south' } });
    await page.goto(`/en/floors?unit=${unit.id}`);
    const title = await page.title();
    await expect(dialog(page)).toBeVisible();
    await expect(page.locator('#unit-dialog-title')).toHaveText(`Floor 8, Unit ${unit.unitNumber}`);
    await expect(dialog(page)).toContainText('Faces south');
    await expect(dialog(page)).toContainText('100 m² (30.3 pyeong)');
    await expect(dialog(page).locator('[data-fact="availableFrom"]')).toHaveText('Immediately');
    expect(await page.title()).toBe(title);
    await expect(page.getByRole('button', { name: 'Close' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(dialog(page)).toBeHidden();
    await expect(page.locator('#stacking-plan')).toBeFocused();
    expect(new URL(page.url()).searchParams.get('unit')).toBeNull();

    // The floor section below counts its available spaces and links into the plan.
    const badge = page.locator('[id="4f-10f"] [data-floor-availability] a');
    await expect(badge).toHaveText(/^(1 space|([2-9]|[1-9]\d+) spaces) available$/);
    await expect(badge).toHaveAttribute('href', '#plan-4F');

    // Opened from its cell, the address becomes the unit's link and focus goes back to the cell.
    await cell(page, unit.unitNumber).click();
    await expect(dialog(page)).toBeVisible();
    expect(new URL(page.url()).searchParams.get('unit')).toBe(unit.id);
    await page.keyboard.press('Escape');
    await expect(cell(page, unit.unitNumber)).toBeFocused();
  });

  test('the estimate adds rent, maintenance and deposit × rate ÷ 12, per pyeong and m², with the rate editable', { tag: '@any-viewport' }, async ({ page }) => {
    const unit = await createUnit(page.request, { monthlyRent: 1_000_000, maintenanceFee: 200_000, deposit: 12_000_000, exclusiveAreaM2: 80, supplyAreaM2: 100 });
    await page.goto(`/en/floors?unit=${unit.id}`);
    const estimate = (name: string) => dialog(page).locator(`[data-estimate="${name}"]`);
    await expect(page.getByLabel('Annual rate on the deposit (%)')).toHaveValue('5');
    // 1,000,000 + 200,000 + 12,000,000 × 5 % ÷ 12 = 1,250,000; 100 m² = 30.25 pyeong.
    await expect(estimate('monthly')).toHaveText('₩1,250,000');
    await expect(estimate('perM2')).toHaveText('₩12,500');
    await expect(estimate('perPyeong')).toHaveText('₩41,322');
    await page.getByLabel('Annual rate on the deposit (%)').fill('10');
    await expect(estimate('monthly')).toHaveText('₩1,300,000');
    await expect(estimate('perM2')).toHaveText('₩13,000');
  });

  test('a unit without public prices reads "price on request"; a leased unit says so without contradicting itself and offers similar spaces', { tag: '@any-viewport' }, async ({ page }) => {
    const hidden = await createUnit(page.request, { pricePublic: false });
    const leased = await createUnit(page.request, { status: 'leased', availableFrom: '2099-01-01', floor: '6F', exclusiveAreaM2: 100 });
    const past = await createUnit(page.request, { availableFrom: '2020-03-01' });
    await page.goto(`/en/floors?unit=${hidden.id}`);
    await expect(dialog(page).locator('[data-fact="monthlyRent"]')).toHaveText('Price on request');
    await expect(dialog(page).getByRole('link', { name: 'Inquire about this space' })).toBeVisible();
    await expect(dialog(page).locator('[data-estimate]')).toHaveCount(0);
    // A date already past is no date: the space can be moved into now.
    await page.goto(`/en/floors?unit=${past.id}`);
    await expect(dialog(page).locator('[data-fact="availableFrom"]')).toHaveText('Immediately');

    // Leased: no move-in date, no "price on request", no inquiry about it; an inquiry about similar spaces instead.
    await page.goto(`/en/floors?unit=${leased.id}`);
    await expect(dialog(page).locator('[data-fact="status"]')).toHaveText('Leased');
    await expect(dialog(page).locator('[data-fact="monthlyRent"], [data-fact="availableFrom"]')).toHaveCount(0);
    await expect(dialog(page)).not.toContainText('Price on request');
    await expect(dialog(page).getByRole('link', { name: 'Inquire about this space' })).toHaveCount(0);
    await expect(dialog(page).locator('[data-unit-leased]')).toHaveText('This space has been leased. We can find you another space on similar terms.');
    await dialog(page).getByRole('link', { name: 'Ask about similar spaces' }).click();
    await expect(page).toHaveURL(/\/en\/contact\?floor=6F&areaMin=80&areaMax=125&use=Medical#inquiry-form$/);
    await islandsReady(page);
    // The form's details arrive filled in with what the visitor was after, open so they can see and change them.
    await expect(page.getByRole('checkbox', { name: 'Floor 6', exact: true })).toBeChecked();
    await expect(page.locator('#inquiry-areaMin')).toHaveValue('80');
    await expect(page.locator('#inquiry-areaMax')).toHaveValue('125');
  });

  test('an inquiry about a unit names the space on the form and reaches the admin with floor and unit', { tag: '@any-viewport' }, async ({ page }) => {
    const unit = await createUnit(page.request, { floor: '11F', uses: ['Education'] });
    const name = `Unit asker ${unit.unitNumber}`;
    await page.goto(`/ja/floors?unit=${unit.id}`);
    await dialog(page).getByRole('link', { name: 'この区画について問い合わせる' }).click();
    await expect(page).toHaveURL(new RegExp(`/ja/contact\\?unit=11F-${unit.unitNumber}#inquiry-form$`));
    await islandsReady(page);
    await expect(page.getByTestId('unit-chip')).toContainText(`11階 ${unit.unitNumber}区画`);
    await page.locator('#inquiry-name').fill(name);
    await page.locator('#inquiry-phone').fill('010-1234-5678');
    await page.locator('#inquiry-email').fill('asker@example.com');
    await page.locator('#inquiry-message').fill('見学を希望します。');
    await acknowledgeNotice(page);
    await personFillTimePassed(page);
    await page.getByRole('button', { name: /送信/ }).click();
    await expect(page.getByTestId('toast')).toContainText('お問い合わせを送信しました。');

    await openAdmin(page);
    // Parallel tests send inquiries too: find ours as the leasing team would, by name.
    await showInboxFilters(page);
    await page.getByRole('searchbox', { name: '검색' }).fill(name);
    await page.getByRole('button', { name: '적용' }).click();
    const row = page.getByTestId('inquiry-row').filter({ hasText: name });
    await expect(row.getByTestId('inquiry-unit')).toHaveText(`11층 ${unit.unitNumber}호`);
  });

  test('the space can be removed from the contact form before sending', { tag: '@any-viewport' }, async ({ page }) => {
    const unit = await createUnit(page.request, {});
    await page.goto(`/en/contact?unit=${unit.id}#inquiry-form`);
    await islandsReady(page);
    await expect(page.getByTestId('unit-chip')).toBeVisible();
    await page.getByRole('button', { name: 'Remove this space from the inquiry' }).click();
    await expect(page.getByTestId('unit-chip')).toHaveCount(0);
    expect(new URL(page.url()).searchParams.get('unit')).toBeNull();
  });

  test('/floors with a unit dialog open has no axe violations', async ({ page }) => {
    const unit = await createUnit(page.request, { note: { en: 'Corner unit' } });
    for (const locale of ['ko', 'en'] as const) {
      await page.goto(`${localizePath(locale, '/floors')}?unit=${unit.id}`);
      await expect(dialog(page)).toBeVisible();
      expect(await axeViolations(page)).toEqual([]);
    }
  });

  test('without the API the page still shows every floor and says the units could not be loaded', { tag: '@any-viewport' }, async ({ page }) => {
    await page.route('**/api/units', (route) => route.fulfill({ status: 503, body: '{}' }));
    await page.goto('/en/floors');
    await expect(page.locator('[data-plan-status]')).toHaveText(/could not be loaded/);
    await expect(page.locator('#stacking-plan [data-floor]')).toHaveCount(16);
    await expect(page.locator('#plan-B2')).toContainText('Basement 2');
    await expect(page.locator('#plan-14F')).toContainText('Floor 14');
  });
});
