import { expect, test } from './fixtures.ts';
import { apiToken, createBrand, openAdmin, showInboxFilters, uniqueName } from './support/islands.ts';

/** Issue 28's polish list: what a person notices on the panel. */

test('/admin remembers its tab and the inbox filters across a reload', async ({ page }) => {
  await openAdmin(page);
  await showInboxFilters(page);
  const newOnly = page.getByRole('group', { name: '상태별 보기' }).getByRole('button', { name: /^신규/ });
  await newOnly.click();
  await expect(newOnly).toHaveAttribute('aria-pressed', 'true');
  await page.getByRole('tab', { name: '브랜드 관리' }).click();
  await expect(page.getByRole('tab', { name: '브랜드 관리' })).toHaveAttribute('aria-selected', 'true');

  await page.reload();
  await expect(page.getByRole('tab', { name: '브랜드 관리' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('brand-form')).toBeVisible();
  // Back in the inbox, its filter is as it was left, and stays so after another reload.
  await page.getByRole('tab', { name: '문의 관리' }).click();
  await showInboxFilters(page);
  await expect(newOnly).toHaveAttribute('aria-pressed', 'true');
  await page.reload();
  await expect(page.getByRole('tab', { name: '문의 관리' })).toHaveAttribute('aria-selected', 'true');
  await showInboxFilters(page);
  await expect(newOnly).toHaveAttribute('aria-pressed', 'true');
});

test('a brand page\'s picture box ends where its picture does: no empty band under it beside a long text', async ({ page, request }) => {
  const token = await apiToken(request);
  const brand = await createBrand(request, token, {
    name: uniqueName('E2E 사진'),
    description: '오래된 동네 서점이 새 건물로 옮겨 왔습니다. '.repeat(20),
    tags: ['서점', '문구', '카페'],
  });
  await page.goto(`/brands/${brand.slug}/`);
  const box = page.locator('[data-brand-photo]');
  const picture = box.getByRole('img');
  await expect(picture).toBeVisible();
  await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.complete)).toBe(true);
  const [outer, inner] = await Promise.all([box.boundingBox(), picture.boundingBox()]);
  expect(outer!.height - inner!.height).toBeLessThanOrEqual(1);
  expect(Math.abs(outer!.y + outer!.height - (inner!.y + inner!.height))).toBeLessThanOrEqual(1);
});

for (const [path, placeholders] of [['/floors', ['최소', '최대']], ['/en/floors', ['Min', 'Max']], ['/ja/floors', ['最小', '最大']]] as const) {
  test(`${path}: the search's area inputs sit on one row with the unit select, and their placeholders fit`, async ({ page }) => {
    await page.goto(path);
    const form = page.locator('#plan-search');
    const [min, max, unit] = [form.locator('input[name="minArea"]'), form.locator('input[name="maxArea"]'), form.locator('select[name="areaIn"]')];
    const fields = [min, max, unit];
    await expect(min).toBeVisible();
    const boxes = await Promise.all(fields.map((field) => field.boundingBox()));
    for (const box of boxes) {
      expect(Math.abs(box!.y - boxes[0]!.y)).toBeLessThanOrEqual(1);
      expect(Math.abs(box!.height - boxes[0]!.height)).toBeLessThanOrEqual(1);
    }
    for (const [index, text] of placeholders.entries()) {
      const input = [min, max][index]!;
      await expect(input).toHaveAttribute('placeholder', text);
      // The placeholder's width in the input's own font, against the room inside its padding.
      const room = await input.evaluate((element: HTMLInputElement) => {
        const style = getComputedStyle(element);
        const context = document.createElement('canvas').getContext('2d')!;
        context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
        const inside = element.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
        return inside - context.measureText(element.placeholder).width;
      });
      expect(room).toBeGreaterThan(0);
    }
  });
}
