import { test, expect, axeViolations } from './fixtures';
import type { APIRequestContext, Page } from '@playwright/test';
import type { Unit, UnitInput } from '../../src/shared/units/unit.ts';
import { convertArea } from '../../src/shared/units/search.ts';
import { apiToken, openAdmin } from './support/islands.ts';
import { particleAfter } from '../../src/i18n/particles.ts';
import { NOTICE_VERSION } from '../support/privacy.ts';

/**
 * What the third walk found (issue 28), one test per item, in both viewports where a screen changes what
 * is checked. Records are made through the API with numbers of their own, so tests never share a row.
 */

/** A unit number no other test (or parallel project) uses: at most 20 characters. */
function uniqueNumber(prefix: string): string {
  return `${prefix}${Date.now().toString(36).slice(-5)}${Math.random().toString(36).slice(2, 5)}`.toUpperCase();
}

async function createUnit(request: APIRequestContext, token: string, fields: Partial<UnitInput>): Promise<Unit> {
  const body: Partial<UnitInput> = {
    floor: '8F', unitNumber: uniqueNumber('W'), exclusiveAreaM2: 100, supplyAreaM2: 150, uses: ['Office'], status: 'available',
    availableFrom: null, monthlyRent: 3_000_000, deposit: 30_000_000, maintenanceFee: 600_000, pricePublic: true, plan: null, note: { ko: '남향' },
    ...fields,
  };
  const response = await request.post('/api/units', { headers: { Authorization: `Bearer ${token}` }, data: body });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as Unit;
}

/** Opens the spaces tab and the edit form of the space numbered `number`. */
async function editSpace(page: Page, number: string) {
  await page.getByRole('tab', { name: '공간' }).click();
  await page.getByTestId('unit-row').filter({ hasText: number }).getByRole('button', { name: /^수정/ }).click();
  await expect(page.getByLabel('호실 번호')).toHaveValue(number);
}

test.describe('the third walk (issue 28)', () => {
  test('lost updates: two tabs edit one space; the rent saved first survives the note saved second, through keep/take/merge', { tag: '@any-viewport' }, async ({ page, context, request }) => {
    test.info().setTimeout(180_000);
    const token = await apiToken(request);
    const unit = await createUnit(request, token, {});
    await openAdmin(page);
    // The second tab: same person, same session, opened before the first one saves.
    const other = await context.newPage();
    await other.goto('/admin');
    await expect(other.getByRole('tab', { name: '문의 관리' })).toBeVisible();
    await editSpace(page, unit.unitNumber);
    await editSpace(other, unit.unitNumber);

    // Tab 1 changes the monthly rent and saves.
    await page.getByLabel('월 임대료 (원)').fill('5000000');
    await page.getByRole('button', { name: '변경 저장' }).click();
    await expect(page.getByTestId('toast')).toContainText('공간을 저장했습니다');

    // Tab 2, still on what it read, changes only the Korean note and saves: nothing is overwritten; it is asked.
    await other.getByLabel('안내 (한국어)').fill('남향, 창가 넓음');
    await other.getByRole('button', { name: '변경 저장' }).click();
    const dialog = other.getByTestId('conflict-dialog');
    await expect(dialog.getByRole('heading', { name: '다른 사람이 먼저 저장했습니다' })).toBeVisible();
    const rent = dialog.locator('fieldset[data-field="monthlyRent"]');
    await expect(rent).toContainText('월 임대료 (원)');
    await expect(rent).toContainText('다른 사람이 바꿈');
    await expect(rent.locator('[data-side="mine"]')).toHaveText('3,000,000');
    await expect(rent.locator('[data-side="theirs"]')).toHaveText('5,000,000');
    // Field by field, each defaulting to the side that changed it: their rent, my note.
    await expect(rent.getByRole('radio', { name: /저장된 값/ })).toBeChecked();
    const note = dialog.locator('fieldset[data-field="note"]');
    await expect(note).toContainText('내가 바꿈');
    await expect(note.getByRole('radio', { name: /내가 입력한 값/ })).toBeChecked();
    for (const action of ['고른 대로 합쳐 저장', '모두 내 값으로 저장', '저장된 값 받기', '닫고 계속 편집']) {
      await expect(dialog.getByRole('button', { name: action })).toBeVisible();
    }
    expect(await axeViolations(other, { include: '[data-testid="conflict-dialog"]' })).toEqual([]);

    // Going on editing keeps what was typed; saving again asks again.
    await dialog.getByRole('button', { name: '닫고 계속 편집' }).click();
    await expect(dialog).toBeHidden();
    await expect(other.getByLabel('안내 (한국어)')).toHaveValue('남향, 창가 넓음');
    await other.getByRole('button', { name: '변경 저장' }).click();
    await dialog.getByRole('button', { name: '고른 대로 합쳐 저장' }).click();
    await expect(other.getByTestId('toast')).toContainText('공간을 저장했습니다');

    const stored = (await (await request.get(`/api/units/${unit.id}`, { headers: { Authorization: `Bearer ${token}` } })).json()) as Unit;
    expect(stored.monthlyRent).toBe(5_000_000);
    expect(stored.note.ko).toBe('남향, 창가 넓음');

    // Taking the other side: tab 1 (on the version it saved) changes the rent again; tab 2 already merged, so
    // tab 1 is now the stale one and takes what is stored, losing nothing silently.
    await editSpace(page, unit.unitNumber);
    await page.getByLabel('월 임대료 (원)').fill('5500000');
    await other.getByTestId('unit-row').filter({ hasText: unit.unitNumber }).getByRole('button', { name: /^수정/ }).click();
    await other.getByLabel('보증금 (원)').fill('40000000');
    await other.getByRole('button', { name: '변경 저장' }).click();
    await expect(other.getByTestId('toast')).toContainText('공간을 저장했습니다');
    await page.getByRole('button', { name: '변경 저장' }).click();
    await page.getByTestId('conflict-dialog').getByRole('button', { name: '저장된 값 받기' }).click();
    await expect(page.getByTestId('toast')).toContainText('저장된 값을 불러왔습니다');
    await expect(page.getByLabel('보증금 (원)')).toHaveValue('40000000');
    await expect(page.getByLabel('월 임대료 (원)')).toHaveValue('5000000');
  });

  test('2 · making someone an owner or deactivating them asks first, naming them and their inquiries; reactivating says where those stay', { tag: '@any-viewport' }, async ({ page, request }) => {
    const token = await apiToken(request);
    const auth = { Authorization: `Bearer ${token}` };
    const suffix = uniqueNumber('').toLowerCase();
    const name = `확인 ${suffix}`;
    const made = await request.post('/api/admin/users', {
      headers: auth,
      data: { username: `confirm-${suffix}`, name, email: `confirm-${suffix}@btower.example`, role: 'agent', password: `Tower-${suffix}-lease` },
    });
    expect(made.status(), await made.text()).toBe(201);
    const agent = (await made.json()) as { id: string };
    const sent = await request.post('/api/inquiries', { data: { privacyNoticeVersion: NOTICE_VERSION, name: `문의 ${suffix}`, email: 'confirm@example.com', phone: '010-2345-6789', message: '확인 대화상자를 확인합니다.' } });
    expect(sent.status()).toBe(201);
    const inquiry = (await sent.json()) as { id: string };
    expect((await request.patch(`/api/inquiries/${inquiry.id}`, { headers: auth, data: { assigneeId: agent.id } })).status()).toBe(200);

    await openAdmin(page);
    await page.getByRole('tab', { name: '팀 관리' }).click();
    const role = page.getByRole('combobox', { name: `${name}의 역할` });
    await role.selectOption('owner');
    const confirm = page.getByTestId('team-confirm');
    // The particle follows the name's last sound (a Latin letter keeps both forms).
    await expect(confirm.getByRole('heading', { name: `${name}${particleAfter(name, '을(를)')} 소유자로 바꿀까요?` })).toBeVisible();
    await expect(confirm).toContainText('진행 중인 문의 1건은 그대로');
    // Focus starts on Cancel; cancelling changes nothing.
    await expect(confirm.getByRole('button', { name: '취소' })).toBeFocused();
    await confirm.getByRole('button', { name: '취소' }).click();
    await expect(confirm).toBeHidden();
    await expect(role).toHaveValue('agent');

    await page.getByRole('button', { name: `${name} 비활성화` }).click();
    await expect(confirm.getByRole('heading', { name: `${name} 계정을 비활성화할까요?` })).toBeVisible();
    await expect(confirm).toContainText('진행 중인 문의 1건은 미배정으로 돌아가고');
    await confirm.getByRole('button', { name: '비활성화', exact: true }).click();
    await expect(page.getByTestId('toast')).toContainText(`${name} 계정을 비활성화했습니다.`);

    // Reactivating takes nothing away: no question, and it says the inquiries stay where they are now.
    await page.getByRole('button', { name: `${name} 다시 활성화` }).click();
    await expect(page.getByTestId('toast')).toContainText(`${name} 계정을 다시 활성화했습니다. 비활성화 때 미배정으로 돌아간 문의는 지금 맡은 사람에게 그대로 남습니다.`);
    await expect(confirm).toBeHidden();
  });

  test('4 · 수정 on a lower row of the spaces table brings the form into view and focuses its heading', async ({ page, request }) => {
    const token = await apiToken(request);
    // A few spaces on the top floor, so the last row sits below the form.
    const units = [];
    for (let i = 0; i < 3; i++) units.push(await createUnit(request, token, { floor: '14F', unitNumber: uniqueNumber(`Z${i}`) }));
    const last = units.at(-1)!;
    await openAdmin(page);
    await page.getByRole('tab', { name: '공간' }).click();
    const row = page.getByTestId('unit-row').filter({ hasText: last.unitNumber });
    await row.scrollIntoViewIfNeeded();
    await row.getByRole('button', { name: /^수정/ }).click();
    const heading = page.getByRole('heading', { name: '공간 수정' });
    await expect(heading).toBeFocused();
    await expect(heading).toBeInViewport();
    await expect(page.getByLabel('호실 번호')).toHaveValue(last.unitNumber);
  });

  test('5 · 계약 (won) asks to confirm, naming the inquirer; Escape or 취소 records nothing and leaves the inquiry open', { tag: '@any-viewport' }, async ({ page, request }) => {
    const name = `계약 확인 ${uniqueNumber('')}`;
    const space = await createUnit(request, await apiToken(request), { floor: '8F' });
    const sent = await request.post('/api/inquiries', { data: { privacyNoticeVersion: NOTICE_VERSION, name, email: 'won@example.com', phone: '010-2345-6789', message: '계약 확인을 확인합니다.', unitId: space.id } });
    expect(sent.status()).toBe(201);
    const { id } = (await sent.json()) as { id: string };
    await openAdmin(page, `/admin?inquiry=${id}`);
    const detail = page.getByTestId('inquiry-detail');
    // Polish: the space in Korean words ("8층 802호"), not the floor's code.
    await expect(detail).toContainText(`8층 ${space.unitNumber}호`);
    const won = detail.getByRole('button', { name: '계약', exact: true });
    await won.click();
    const confirm = page.getByTestId('won-confirm');
    await expect(confirm.getByRole('heading', { name: `${name}님의 문의를 계약으로 기록할까요?` })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(confirm).toBeHidden();
    await expect(detail).toBeVisible();
    await expect(won).toHaveAttribute('aria-pressed', 'false');
    await won.click();
    await confirm.getByRole('button', { name: '취소' }).click();
    await expect(won).toHaveAttribute('aria-pressed', 'false');
    await expect(detail.getByTestId('inquiry-history')).not.toContainText('계약');
    await won.click();
    // No accepted proposal: the owner gives the reason (issue 40).
    await confirm.getByLabel('수락된 제안이 없을 때의 사유').fill('제안 기능 이전 종이 계약');
    await confirm.getByRole('button', { name: '계약으로 기록' }).click();
    await expect(won).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByTestId('toast')).toBeVisible();
  });

  /** A space of an area no other test gives one, so a search around it finds it alone. */
  async function lonelySpace(request: APIRequestContext) {
    const area = 400 + Math.floor(Math.random() * 5000) / 10 + 0.03;
    const unit = await createUnit(request, await apiToken(request), { floor: '10F', exclusiveAreaM2: area, supplyAreaM2: 1200 });
    return { unit, low: (area - 0.5).toFixed(2), high: (area + 0.5).toFixed(2) };
  }

  test('7 · /floors: a shared search opens at its results; 평 ↔ m² converts what was typed; min above max says so; Back undoes a change', { tag: '@any-viewport' }, async ({ page, request }) => {
    const { unit, low, high } = await lonelySpace(request);
    await page.goto(`/floors?minArea=${low}&maxArea=${high}&view=list`);
    const plan = page.locator('#stacking-plan');
    await expect(plan).toHaveAttribute('data-plan-state', 'ready');
    await expect(plan.locator('[data-plan-status]')).toBeInViewport();
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    const row = plan.locator(`[data-list-unit="${unit.id}"]`);
    await expect(row).toBeVisible();

    const form = page.locator('#plan-search');
    const [min, max] = [form.locator('input[name=minArea]'), form.locator('input[name=maxArea]')];
    await form.locator('select[name=areaIn]').selectOption('py');
    const [lowPy, highPy] = [convertArea(Number(low), 'm2', 'py'), convertArea(Number(high), 'm2', 'py')];
    await expect(min).toHaveValue(String(lowPy));
    await expect(max).toHaveValue(String(highPy));
    await expect(page).toHaveURL(new RegExp(`minArea=${lowPy}&maxArea=${highPy}&areaIn=py`));
    await expect(row).toBeVisible();

    // A minimum above the maximum: said at the fields.
    const error = form.getByText('최소 면적이 최대 면적보다 큽니다. 두 값을 바꿔 입력하세요.');
    await expect(error).toBeHidden();
    await max.fill('10');
    await max.press('Enter');
    await expect(error).toBeVisible();
    await expect(max).toHaveAttribute('aria-invalid', 'true');
    await expect(max).toHaveAttribute('aria-describedby', 'plan-range-error');

    // Back undoes that change: the form, the address and the results follow.
    await page.goBack();
    await expect(max).toHaveValue(String(highPy));
    await expect(error).toBeHidden();
    await expect(row).toBeVisible();
    await page.goBack();
    await expect(form.locator('select[name=areaIn]')).toHaveValue('m2');
    await expect(min).toHaveValue(low);
  });

  test('8 · a space page\'s "back to the plan" keeps the search the visitor came from', { tag: '@any-viewport' }, async ({ page, request }) => {
    const { unit, low, high } = await lonelySpace(request);
    await page.goto(`/floors?minArea=${low}&maxArea=${high}&view=list`);
    const row = page.locator(`#stacking-plan [data-list-unit="${unit.id}"]`);
    await row.getByRole('link').click();
    await expect(page.getByRole('heading', { level: 1 })).toContainText(unit.unitNumber);
    const back = page.locator('a[data-back-to-plan]').first();
    await expect(back).toHaveAttribute('href', new RegExp(`/floors\\?minArea=${low}&maxArea=${high}&view=list#stacking-plan$`));
    await back.click();
    await expect(page.locator('#stacking-plan')).toHaveAttribute('data-plan-state', 'ready');
    await expect(page.locator('#plan-search input[name=minArea]')).toHaveValue(low);
    await expect(row).toBeVisible();
  });

  test('9 · the list view shows each space\'s status, availability and rent without a sideways scroll (cards on a phone)', async ({ page, request }) => {
    const { unit, low, high } = await lonelySpace(request);
    await page.goto(`/floors?minArea=${low}&maxArea=${high}&view=list`);
    const list = page.locator('#stacking-plan [data-plan-list]');
    const row = list.locator(`[data-list-unit="${unit.id}"]`);
    await expect(row).toBeVisible();
    const width = page.viewportSize()!.width;
    for (const [column, text] of [['status', '임대 가능'], ['date', '즉시 입주'], ['rent', '₩3,000,000']] as const) {
      const cell = row.locator(`[data-column="${column}"]`);
      await expect(cell).toContainText(text);
      const box = (await cell.boundingBox())!;
      expect(box.x + box.width, `${column} fits the screen`).toBeLessThanOrEqual(width);
    }
    expect(await list.evaluate((element) => element.scrollWidth - element.clientWidth)).toBeLessThanOrEqual(0);
  });
});

