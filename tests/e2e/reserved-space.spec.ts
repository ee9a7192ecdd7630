import { test, expect } from './fixtures';
import type { Unit } from '../../src/shared/units/unit.ts';

/**
 * A space an accepted proposal holds (status `reserved`) is not available now: the plan's list and its dialog say
 * 예약됨 with no date, no price and no "ask about this space" — as they do for a leased space — and the home does not
 * count it. The plan is drawn from the public list, given here as the API answers it (one held, one free beside it).
 * Its own page and spec sheet are rendered by functions: tests/unit/share-page.test.ts and spec-sheet.test.ts.
 */
const AT = '2026-01-01T00:00:00.000Z';
function space(n: number, fields: Partial<Unit>): Unit {
  return {
    id: `00000000-0000-4000-8000-0000000010${String(n).padStart(2, '0')}`, floor: '10F', unitNumber: `10${String(n).padStart(2, '0')}`, exclusiveAreaM2: 275, supplyAreaM2: 500,
    uses: ['Office'], status: 'available', availableFrom: null, monthlyRent: 18_000_000, deposit: 180_000_000, maintenanceFee: 7_000_000, pricePublic: true,
    plan: null, note: {}, createdAt: AT, updatedAt: AT, version: 1, ...fields,
  };
}
// Held since the day it was offered from; the API hides a reserved space's prices, the page must not need it to.
const held = space(1, { status: 'reserved', availableFrom: '2026-01-15' });
const free = space(2, {});

// Words and DOM, not layout: the same at every size.
test('a reserved space reads 예약됨 in the plan’s list and its dialog — no date, no price, no inquiry about it — and is not among the home’s available spaces', { tag: '@any-viewport' }, async ({ page }) => {
  await page.route(/\/api\/units(\?|$)/, (route) => route.fulfill({ json: [held, free] }));

  await page.goto('/floors?view=list');
  const row = page.locator(`[data-list-unit="${held.id}"]`);
  await expect(row.locator('[data-column="status"]')).toContainText('예약됨');
  await expect(row.locator('[data-column="date"]')).toContainText('—');
  await expect(row.locator('[data-column="rent"]')).toContainText('—');
  await expect(row).not.toContainText('즉시');
  // The free one beside it is offered as before.
  const other = page.locator(`[data-list-unit="${free.id}"]`);
  await expect(other.locator('[data-column="date"]')).toContainText('즉시 입주');
  await expect(other.locator('[data-column="rent"]')).toContainText('₩18,000,000');

  for (const [path, status, note] of [
    ['/floors', '예약됨', '계약을 앞둔 다른 임차인을 위해 예약되어 있습니다'],
    ['/en/floors', 'Reserved', 'reserved for another tenant'],
  ] as const) {
    await page.goto(`${path}?unit=${held.id}`);
    const dialog = page.locator('#unit-dialog');
    await expect(dialog.locator('[data-fact="status"]')).toHaveText(status);
    await expect(dialog.locator('[data-unit-reserved]')).toContainText(note);
    await expect(dialog.locator('[data-unit-ask-similar]')).toBeVisible();
    for (const absent of ['[data-fact="availableFrom"]', '[data-fact="monthlyRent"]', '[data-estimate="monthly"]', '[data-unit-inquire]', '[data-unit-leased]']) {
      await expect(dialog.locator(absent), absent).toHaveCount(0);
    }
  }

  await page.goto('/');
  const home = page.locator('[data-home-spaces]');
  await home.scrollIntoViewIfNeeded();
  await expect(home).toHaveAttribute('data-spaces-state', 'ready');
  await expect(home.locator('[data-spaces-summary]')).toContainText('임대 가능 1개');
  await expect(home.locator('[data-spaces-list] a')).toHaveCount(1);
  await expect(home.locator('[data-spaces-list]')).not.toContainText(held.unitNumber);
});
