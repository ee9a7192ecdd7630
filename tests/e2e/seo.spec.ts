import { readFileSync } from 'node:fs';
import { test, expect } from './fixtures';
import type { APIRequestContext, Page } from '@playwright/test';
import { LOCALES, localizePath } from '../../src/i18n/locales.ts';
import { EXTRA_PAGES, NAV_ITEMS } from '../../src/navigation.ts';
import { SHARE_IMAGE_SIZE } from '../../src/seo/pages.ts';
import { TENANTS_JSON_LD_ID } from '../../src/seo/json-ld.ts';
import { readPng } from '../../scripts/lib/png-text.ts';
import type { Brand } from '../../src/shared/brand.ts';
import { readHead } from './support/html-head.ts';
import { apiToken, createBrand, islandsReady, uniqueName } from './support/islands.ts';

const content = (file: string) => JSON.parse(readFileSync(new URL(`../../content/${file}`, import.meta.url), 'utf8'));
const directions = content('directions/data.json') as { postalCode: string; phone: string; geo: { latitude: number; longitude: number } };

const PUBLIC = LOCALES.flatMap((locale) => NAV_ITEMS.map(({ path }) => localizePath(locale, path)));
const NOINDEX = LOCALES.flatMap((locale) => EXTRA_PAGES.map((path) => localizePath(locale, path)));

async function headOf(request: APIRequestContext, url: string) {
  const response = await request.get(url);
  expect(response.status(), url).toBe(200);
  return readHead(await response.text());
}

// The HTML is the same for every viewport.
test.describe('search and share metadata', { tag: '@any-viewport' }, () => {
  test('every public page in every language has its own title and description', async ({ request }) => {
    const heads = await Promise.all(PUBLIC.map(async (url) => ({ url, ...(await headOf(request, url)) })));
    for (const { url, title, meta } of heads) {
      expect(title.trim(), `${url} title`).not.toBe('');
      expect(meta.get('description')?.trim(), `${url} description`).toBeTruthy();
      // A missing dictionary key would show up as the key itself.
      expect(`${title} ${meta.get('description')}`, url).not.toMatch(/meta\.pages\./);
      expect(meta.get('og:title'), url).toBe(title);
      expect(meta.get('og:description'), url).toBe(meta.get('description'));
      // Share cards want language_TERRITORY (en_US, not en).
      expect(meta.get('og:locale'), url).toMatch(/^[a-z]{2}_[A-Z]{2}$/);
    }
    expect(new Set(heads.map((h) => h.meta.get('og:locale')))).toEqual(new Set(['ko_KR', 'en_US', 'zh_CN', 'ja_JP']));
    const shared = (values: string[]) => values.filter((value, i) => values.indexOf(value) !== i);
    expect(shared(heads.map((h) => h.title)), 'titles used twice').toEqual([]);
    expect(shared(heads.map((h) => h.meta.get('description')!)), 'descriptions used twice').toEqual([]);
  });

  test("every page's share image is a 1200×630 PNG that exists, with its alt text", async ({ request }) => {
    const images = new Set<string>();
    for (const url of [...PUBLIC, ...NOINDEX]) {
      const { meta } = await headOf(request, url);
      const image = new URL(meta.get('og:image')!);
      expect(meta.get('twitter:image'), url).toBe(image.href);
      expect([meta.get('og:image:width'), meta.get('og:image:height')], url).toEqual([String(SHARE_IMAGE_SIZE.width), String(SHARE_IMAGE_SIZE.height)]);
      expect(meta.get('og:image:alt')?.trim(), url).toBeTruthy();
      expect(meta.get('twitter:image:alt'), url).toBe(meta.get('og:image:alt'));
      const file = await request.get(image.pathname);
      expect(file.status(), `${url}: ${image.pathname}`).toBe(200);
      expect(file.headers()['content-type']).toBe('image/png');
      const { width, height } = readPng(await file.body());
      expect({ width, height }, image.pathname).toEqual(SHARE_IMAGE_SIZE);
      if (PUBLIC.includes(url)) images.add(image.pathname);
    }
    // Made for each page: no two public pages (or languages, since the title is drawn) share one.
    expect(images.size).toBe(PUBLIC.length);
  });

  for (const path of ['/', '/directions']) {
    test(`${path} describes the building as a ShoppingCenter, from content, in each language`, async ({ request }) => {
      for (const locale of LOCALES) {
        const url = localizePath(locale, path);
        const head = await headOf(request, url);
        const [building, ...others] = head.jsonLd.map((text) => JSON.parse(text) as Record<string, any>);
        expect(others, url).toEqual([]);
        const text = content(`directions/${locale}.json`) as { address: string };
        expect(building, url).toMatchObject({
          '@context': 'https://schema.org',
          '@type': 'ShoppingCenter',
          name: content(`i18n/${locale}/meta.json`).siteName,
          url: new URL(localizePath(locale, '/'), head.meta.get('og:url')).href,
          address: { '@type': 'PostalAddress', streetAddress: text.address, postalCode: directions.postalCode, addressCountry: 'KR' },
          geo: { '@type': 'GeoCoordinates', ...directions.geo },
        });
        // Stated internationally: +82 and the area code without its leading 0.
        expect(building!.telephone.replace(/^\+82-/, '0'), url).toBe(directions.phone);
        expect(building!.description, url).toBe(content(`i18n/${locale}/meta.json`).pages.home.description);
      }
    });
  }
});

/** The tenants the /brands JSON-LD names, once the directory shows its list. */
async function tenantNames(page: Page): Promise<string[]> {
  await expect(page.getByTestId('brand-skeleton')).toHaveCount(0);
  const text = await page.locator(`#${TENANTS_JSON_LD_ID}`).textContent();
  expect(text).not.toContain('<');
  const building = JSON.parse(text!) as { '@type': string; containsPlace: { name: string }[] };
  expect(building['@type']).toBe('ShoppingCenter');
  return building.containsPlace.map((place) => place.name);
}

// The island behaves the same on every viewport.
test("/brands names the brands the API returned as the building's tenants", { tag: '@any-viewport' }, async ({ page, consoleErrors }) => {
  const tag = uniqueName('ld').replace(' ', '');
  const token = await apiToken(page.request);
  // A name with markup in it must stay data inside the JSON-LD element.
  await createBrand(page.request, token, { name: `${tag} <Dental> & Co`, category: 'Medical', floor: '3F', tags: [tag] });
  await createBrand(page.request, token, { name: `${tag} Bakery`, category: 'F&B', floor: '1F', tags: [tag] });
  const fromApi = async (query: string) => ((await (await page.request.get(`/api/brands${query}`)).json()) as Brand[]).map((b) => b.name);

  await page.goto(`/en/brands?search=${tag}`);
  await islandsReady(page);
  await expect.poll(() => tenantNames(page)).toEqual(await fromApi(`?search=${tag}`));
  expect(await tenantNames(page)).toHaveLength(2);

  const [bakery, dental] = JSON.parse((await page.locator(`#${TENANTS_JSON_LD_ID}`).textContent())!).containsPlace;
  expect(dental).toMatchObject({ '@type': 'MedicalBusiness', telephone: '02-000-0000', email: 'e2e@example.com' });
  expect(bakery['@type']).toBe('FoodEstablishment');
  expect(new URL(bakery.image).pathname).toMatch(/^\/objects\/uploads\//);

  // The whole directory: our brands are among the tenants (parallel tests store brands too).
  await page.goto('/brands');
  await islandsReady(page);
  await expect.poll(() => tenantNames(page)).toEqual(expect.arrayContaining(await fromApi(`?search=${tag}`)));
  expect(consoleErrors).toEqual([]);
});
