import { readFileSync } from 'node:fs';
import { test, expect } from './fixtures';
import { LOCALES, localizePath } from '../../src/i18n/locales.ts';
import { completionPhase } from '../../src/content/completion.ts';
import { seoulToday } from '../../src/shared/units/facts.ts';

/** Defects of a real walk-through of the public site (issue 9), checked as a visitor meets them. */
const content = (file: string) => JSON.parse(readFileSync(new URL(`../../content/${file}`, import.meta.url), 'utf8'));
const directions = content('directions/data.json') as { phone: string; geo: { latitude: number; longitude: number } };
const tel = `tel:+82-${directions.phone.replace(/^0/, '')}`;

test.describe('line breaking', () => {
  test('Korean text breaks between words, never inside one', async ({ page }) => {
    await page.goto('/contact');
    const paragraph = page.locator('main p').first();
    await expect(paragraph).toBeVisible();
    expect(await paragraph.evaluate((el) => getComputedStyle(el).wordBreak)).toBe('keep-all');
    expect(await paragraph.evaluate((el) => getComputedStyle(el).overflowWrap)).toBe('break-word');
  });

  for (const locale of ['zh', 'ja'] as const) {
    test(`${locale} keeps the browser's CJK breaking with strict line-break rules`, async ({ page }) => {
      await page.goto(localizePath(locale, '/contact'));
      const paragraph = page.locator('main p').first();
      expect(await paragraph.evaluate((el) => getComputedStyle(el).wordBreak)).toBe('normal');
      expect(await paragraph.evaluate((el) => getComputedStyle(el).lineBreak)).toBe('strict');
    });
  }
});

test.describe('leasing office', () => {
  for (const locale of LOCALES) {
    test(`${localizePath(locale, '/about')}: the footer can call the leasing office; completion is spoken of in today's tense`, { tag: '@any-viewport' }, async ({ page }) => {
      await page.goto(localizePath(locale, '/about'));
      await expect(page.locator(`footer a[href="${tel}"]`)).toBeVisible();
      // Built after building.json's completion month, the page says the building is complete, not that it will be.
      const about = content(`about/${locale}.json`) as { summary: { completionLabel: Record<string, string> }; features: { subtitle: Record<string, string> }; videos: { text: Record<string, string> } };
      const phase = completionPhase((content('building.json') as { completion: string }).completion, seoulToday());
      await expect(page.locator('#summary-title ~ dl')).toContainText(about.summary.completionLabel[phase]!);
      await expect(page.locator('#features-title + p')).toHaveText(about.features.subtitle[phase]!);
      await expect(page.locator('#videos-title + p')).toHaveText(about.videos.text[phase]!);
    });
  }

  test('/contact can call it too', { tag: '@any-viewport' }, async ({ page }) => {
    await page.goto('/en/contact');
    await expect(page.locator(`main a[href="${tel}"]`)).toContainText('+82 2-871-3300');
  });

  test('an inquiry button lands in the form, in the page language, with the cursor in the first field', { tag: '@any-viewport' }, async ({ page }) => {
    await page.goto('/en/floors');
    await page.locator('main a[href="/en/contact#inquiry-form"]').last().click();
    await expect(page).toHaveURL(/\/en\/contact#inquiry-form$/);
    await expect(page.locator('#inquiry-name')).toBeFocused();
    // Still there once the island has woken up.
    await expect(page.locator('#inquiry-form astro-island:not([ssr])')).toHaveCount(1);
    await expect(page.locator('#inquiry-name')).toBeFocused();
    await expect(page.locator('#inquiry-name')).toBeInViewport();
  });

  test('the focus is on the first field before the form hydrates', { tag: '@any-viewport' }, async ({ page }) => {
    // Keep the island asleep: its scripts never arrive, the server-rendered form is all there is.
    await page.route(/\/_astro\/(InquiryForm|client)[^/]*\.js$/, (route) => route.abort());
    await page.goto('/ja/contact#inquiry-form');
    await expect(page.locator('#inquiry-form astro-island[ssr]')).toHaveCount(1);
    await expect(page.locator('#inquiry-name')).toBeFocused();
  });

  test('every inquiry call to action goes to the form', { tag: '@any-viewport' }, async ({ page }) => {
    for (const path of ['/', '/about', '/floors']) {
      await page.goto(path);
      const ctas = page.locator('main a[href^="/contact"], footer a[href^="/contact"]');
      await expect(ctas.first()).toBeAttached();
      for (const href of await ctas.evaluateAll((links) => links.map((a) => a.getAttribute('href')))) expect(href, path).toBe('/contact#inquiry-form');
    }
  });
});

test.describe('navigation apps', () => {
  test('each app opens the building, in the app or on the web, and no card claims a false status', { tag: '@any-viewport' }, async ({ page }) => {
    await page.goto('/directions');
    const { latitude: lat, longitude: lng } = directions.geo;
    const card = (app: string) => page.locator(`[data-navigation-app="${app}"]`);
    await expect(card('kakaoMap').locator('[data-app-link]')).toHaveAttribute('href', `kakaomap://look?p=${lat},${lng}`);
    await expect(card('naverMap').locator('[data-app-link]')).toHaveAttribute('href', new RegExp(`^nmap://place\\?lat=${lat}&lng=${lng}&`));
    await expect(card('tmap').locator('[data-app-link]')).toHaveAttribute('href', new RegExp(`^tmap://route\\?goalname=.+&goalx=${lng}&goaly=${lat}$`));
    for (const app of ['kakaoMap', 'naverMap', 'tmap']) {
      const web = card(app).locator('[data-web-link]');
      await expect(web).toHaveAttribute('href', /^https:\/\//);
      await expect(web).toHaveAttribute('target', '_blank');
      await expect(web).toHaveAttribute('rel', /noopener/);
      await expect(web).toContainText('새 탭에서 열림');
    }
    await expect(page.getByText('연동 완료')).toHaveCount(0);
  });

  test('Naver and Kakao maps are offered beside Google’s', { tag: '@any-viewport' }, async ({ page }) => {
    await page.goto('/en/directions');
    const maps = page.locator('#map + ul a[target="_blank"]');
    await expect(maps).toHaveCount(3);
    await expect(maps.nth(0)).toHaveAttribute('href', /google\.com\/maps/);
    await expect(maps.nth(1)).toHaveAttribute('href', /^https:\/\/map\.naver\.com\//);
    await expect(maps.nth(2)).toHaveAttribute('href', /^https:\/\/map\.kakao\.com\//);
    await expect(maps.nth(1)).toHaveAccessibleName(/Naver Map.*new tab/);
  });
});

test.describe('floors', () => {
  test('areas read in m² first outside Korea, pyeong in brackets', { tag: '@any-viewport' }, async ({ page }) => {
    await page.goto('/zh/floors');
    await expect(page.locator('[id="b2"] dl')).toContainText('712㎡（215.3坪）');
    await page.goto('/floors');
    await expect(page.locator('[id="b2"] dl')).toContainText('215.3평');
  });

  test('every floor section shows where it sits in the building, and the overview lists the same uses', { tag: '@any-viewport' }, async ({ page }) => {
    await page.goto('/en/floors');
    for (const id of ['1f', '3f', '11f']) await expect(page.locator(`[id="${id}"] figure img[alt*="highlighted"]`)).toBeVisible();
    const guide = page.locator('dl:has(dt:text-is("4F-10F"))');
    await expect(guide.locator('dt')).toHaveText(['14F', '12F-13F', '11F', '4F-10F', '3F', '2F', '1F', 'B1']);
  });
});
