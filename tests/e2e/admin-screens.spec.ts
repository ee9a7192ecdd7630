import { expect, test } from './fixtures';
import { openAdmin } from './support/islands.ts';

/**
 * Every tab but the inbox brings its code when it is first opened: a tab whose code cannot come (offline, or a
 * release replaced the files the open page was built with) says so and offers a reload instead of blanking the
 * panel; the other tabs still work, and the reload opens the tab that failed.
 */
test('a tab whose code cannot be fetched says to reload, the other tabs still work, and the reload opens it', { tag: '@any-viewport' }, async ({ page }) => {
  await openAdmin(page);
  const brandsCode = /\/_astro\/BrandsTab\.[\w-]+\.js$/;
  await page.route(brandsCode, (route) => route.abort());
  await page.getByRole('tab', { name: '브랜드 관리' }).click();
  const failed = page.getByTestId('screen-failed');
  await expect(failed.getByRole('paragraph')).toHaveText('이 화면을 불러오지 못했습니다. 사이트가 새 버전으로 바뀌었을 수 있으니 페이지를 새로 고쳐 주세요.');
  await expect(page.getByRole('tab')).not.toHaveCount(0);

  await page.getByRole('tab', { name: '공간' }).click();
  await expect(failed).toHaveCount(0);
  await expect(page.getByRole('heading', { name: '공간 등록' })).toBeVisible();

  await page.unroute(brandsCode);
  await page.getByRole('tab', { name: '브랜드 관리' }).click();
  await expect(failed).toBeVisible();
  await failed.getByRole('button', { name: '새로 고침' }).click();
  await expect(page).toHaveURL(/[?&]tab=brands\b/);
  await expect(page.getByRole('heading', { name: '등록된 브랜드' })).toBeVisible();
  await expect(failed).toHaveCount(0);
});
