import sharp from 'sharp';
import { test, expect } from './fixtures';
import type { APIRequestContext, Page } from '@playwright/test';
import type { Unit } from '../../src/shared/units/unit.ts';
import { LOCALES, localizePath } from '../../src/i18n/locales.ts';
import { apiToken } from './support/islands.ts';
import { createUnit } from './support/units.ts';

const dialog = (page: Page) => page.locator('#unit-dialog');
const badge = (page: Page, section: string) => page.locator(`[id="${section}"] [data-floor-availability]`);

/** A unit as GET /api/units lists it, for a plan whose every unit the test decides. */
function listed(floor: string, status: Unit['status'], n: number): Unit {
  const at = '2026-01-01T00:00:00.000Z';
  return {
    id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`, floor: floor as Unit['floor'], unitNumber: `${floor}${n}`,
    exclusiveAreaM2: 50, supplyAreaM2: 70, uses: [], status, availableFrom: null, monthlyRent: null, deposit: null,
    maintenanceFee: null, pricePublic: false, plan: null, note: {}, createdAt: at, updatedAt: at, version: 1,
  };
}

test('each floor section counts its spaces in the language\'s plural, says when none is free, and says nothing for parking', { tag: '@any-viewport' }, async ({ page }) => {
  const units = [listed('3F', 'available', 1), listed('2F', 'leased', 2), listed('5F', 'available', 3), listed('7F', 'available', 4), listed('9F', 'negotiating', 5)];
  await page.route(/\/api\/units(\?|$)/, (route) => route.fulfill({ json: units }));
  await page.goto('/en/floors');
  await expect(badge(page, '3f')).toHaveText('1 space available');
  await expect(badge(page, '4f-10f')).toHaveText('2 spaces available');
  await expect(badge(page, '2f')).toHaveText('No space available right now');
  // All of 2F is taken: said in words, with no link to a row that has nothing to offer.
  await expect(badge(page, '2f').locator('a')).toHaveCount(0);
  // B2 is parking: no leasable space, so no line (it said "0 spaces available" and linked to an empty row).
  await expect(badge(page, 'b2')).toBeHidden();
  await expect(badge(page, '14f')).toBeHidden();

  await page.goto('/floors');
  await expect(badge(page, '3f')).toHaveText('임대 가능 공간 1개');
  await expect(badge(page, 'b2')).toBeHidden();
});

test('the estimate says its allowed rate range and computes nothing outside it', { tag: '@any-viewport' }, async ({ page }) => {
  const unit = await createUnit(page.request, { monthlyRent: 1_000_000, maintenanceFee: 200_000, deposit: 12_000_000, supplyAreaM2: 100 });
  await page.goto(`/en/floors?unit=${unit.id}`);
  const rate = page.getByLabel('Annual rate on the deposit (%)');
  const monthly = dialog(page).locator('[data-estimate="monthly"]');
  await expect(rate).toHaveAccessibleDescription(/From 0 to 20 %/);
  await expect(monthly).toHaveText('₩1,250,000');
  // 50 % used to be computed as 20 %, and −3 % as 0 %, without a word.
  for (const typed of ['50', '-3']) {
    await rate.fill(typed);
    await expect(monthly).toHaveText('');
    await expect(rate).toHaveAttribute('aria-invalid', 'true');
    await expect(dialog(page).getByRole('alert')).toHaveText('The rate must be a number from 0 to 20 %. No estimate was calculated.');
  }
  await rate.fill('20');
  await expect(monthly).toHaveText('₩1,400,000');
  await expect(rate).not.toHaveAttribute('aria-invalid', 'true');
  await expect(dialog(page).getByRole('alert')).toHaveText('');
});

test('on a phone a changed rate brings its result into view', { tag: '@mobile-only' }, async ({ page }) => {
  const unit = await createUnit(page.request, { note: { en: 'A long note, as leasing notes are.\n'.repeat(8) } });
  await page.goto(`/en/floors?unit=${unit.id}`);
  await expect(dialog(page)).toBeVisible();
  const rate = page.getByLabel('Annual rate on the deposit (%)');
  // The field scrolled to the bottom edge of the screen, as a phone keyboard leaves it.
  await rate.evaluate((input) => input.scrollIntoView({ block: 'end' }));
  await rate.fill('7');
  await expect(dialog(page).locator('[data-estimate="perM2"]')).toBeInViewport({ ratio: 1 });
});

test('the estimate\'s help speaks the page\'s language: no Korean term in English, Chinese or Japanese', { tag: '@any-viewport' }, async ({ page }) => {
  const unit = await createUnit(page.request, {});
  for (const locale of LOCALES.filter((l) => l !== 'ko')) {
    await page.goto(`${localizePath(locale, '/floors')}?unit=${unit.id}`);
    await expect(dialog(page).locator('#unit-rate-help')).not.toHaveText(/[\uAC00-\uD7A3]/);
  }
});

/** Uploads a landscape floor plan (1600×1000 PNG) as a public plan image, as the admin form does. */
async function uploadPlan(request: APIRequestContext): Promise<string> {
  const auth = { Authorization: `Bearer ${await apiToken(request)}` };
  const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="1000"><rect width="1600" height="1000" fill="#fff"/><rect x="40" y="40" width="1520" height="920" fill="none" stroke="#222" stroke-width="12"/><line x1="800" y1="40" x2="800" y2="960" stroke="#222" stroke-width="8"/></svg>';
  const png = await sharp(Buffer.from(svg)).png().toBuffer();
  const ticket = await request.post('/api/objects/upload', { headers: auth, data: { purpose: 'plan', filename: 'plan.png', size: png.length, type: 'image/png' } });
  expect(ticket.ok(), await ticket.text()).toBe(true);
  const { uploadURL, objectPath } = (await ticket.json()) as { uploadURL: string; objectPath: string };
  expect((await request.put(uploadURL, { data: png, headers: { 'Content-Type': 'image/png' } })).ok()).toBe(true);
  expect((await request.post('/api/objects/set-public', { headers: auth, data: { objectPath } })).ok()).toBe(true);
  return objectPath;
}

test('on a phone "Open the plan full size" fills the screen\'s height, far larger than the plan in the dialog', { tag: '@mobile-only' }, async ({ page }) => {
  const unit = await createUnit(page.request, { plan: await uploadPlan(page.request) });
  await page.goto(`/en/floors?unit=${unit.id}`);
  const open = dialog(page).getByRole('button', { name: /Open the plan full size/ });
  const inline = await open.locator('img').boundingBox();
  await open.click();
  const enlarged = page.locator('#lightbox img');
  await expect(enlarged).toBeVisible();
  await expect.poll(() => enlarged.evaluate((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0)).toBe(true);
  const box = (await enlarged.boundingBox())!;
  const viewport = page.viewportSize()!;
  expect(box.height).toBeGreaterThanOrEqual(viewport.height * 0.95);
  expect(box.width).toBeGreaterThanOrEqual(inline!.width * 2);
  // Wider than the screen: the visitor pans across it; Escape closes it back into the dialog.
  expect(await page.locator('#lightbox figure').evaluate((figure) => figure.scrollWidth > figure.clientWidth)).toBe(true);
  await page.keyboard.press('Escape');
  await expect(enlarged).toBeHidden();
  await expect(open).toBeFocused();
});

test('a small space’s label stays inside its box on the plan, however long its number (issue 28 polish)', async ({ page }) => {
  // One large space beside a small one whose number has the longest a space may have (20 characters).
  const large = { ...listed('6F', 'available', 1), exclusiveAreaM2: 900 };
  const small = { ...listed('6F', 'negotiating', 2), unitNumber: 'EAST-WING-ANNEX-0601', exclusiveAreaM2: 9 };
  await page.route(/\/api\/units(\?|$)/, (route) => route.fulfill({ json: [large, small] }));
  await page.goto('/floors');
  await expect(page.locator('#stacking-plan')).toHaveAttribute('data-plan-state', 'ready');
  const cell = page.locator(`[data-unit="${small.id}"]`);
  await expect(cell).toContainText('EAST-WING-ANNEX-0601');
  const spilled = await cell.evaluate((button) => {
    const box = button.getBoundingClientRect();
    const parts = [...button.querySelectorAll('span')];
    return parts
      .filter((part) => {
        const r = part.getBoundingClientRect();
        return r.left < box.left - 0.5 || r.right > box.right + 0.5 || r.top < box.top - 0.5 || r.bottom > box.bottom + 0.5 || part.scrollWidth > part.clientWidth + 1;
      })
      .map((part) => part.textContent);
  });
  expect(spilled).toEqual([]);
});
