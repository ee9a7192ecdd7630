import { test, expect, axeViolations } from './fixtures';
import type { APIRequestContext, APIResponse } from '@playwright/test';
import { LOCALES, LOCALE_TAGS, localizePath, type Locale } from '../../src/i18n/locales.ts';
import type { Unit, UnitInput } from '../../src/shared/units/unit.ts';
import type { Brand } from '../../src/shared/brand.ts';
import { apiToken, createBrand, islandsReady, openAdmin, personFillTimePassed, uniqueName, acknowledgeNotice } from './support/islands.ts';
import { readHead } from './support/html-head.ts';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * Share pages (issue 18): a space's page and spec sheet, a brand's page, the searchable plan and the
 * sitemap, as a tenant, a link previewer (no JavaScript) and the leasing team meet them.
 */

/** A unit number no other test (or parallel project) uses: at most 20 characters. */
function uniqueNumber(prefix: string): string {
  return `${prefix}${Date.now().toString(36).slice(-5)}${Math.random().toString(36).slice(2, 5)}`.toUpperCase();
}

async function createUnit(request: APIRequestContext, fields: Partial<UnitInput>): Promise<Unit> {
  const token = await apiToken(request);
  const body: UnitInput = {
    floor: '9F', unitNumber: uniqueNumber('S'), exclusiveAreaM2: 100, supplyAreaM2: 150, uses: ['Education'], status: 'available',
    availableFrom: null, monthlyRent: 3_300_000, deposit: 33_000_000, maintenanceFee: 660_000, pricePublic: true, plan: null, note: {},
    ...fields,
  };
  const response = await request.post('/api/units', { headers: { Authorization: `Bearer ${token}` }, data: body });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as Unit;
}

/** The space's page address as the site writes it: lower-case floor and number, a final slash. */
const spaceUrl = (locale: Locale, unit: Unit) => localizePath(locale, `/floors/${unit.floor.toLowerCase()}/${encodeURIComponent(unit.unitNumber.toLowerCase())}/`);

const INQUIRY_SENT: Record<Locale, string> = {
  ko: '문의가 성공적으로 전송되었습니다.', en: 'Your inquiry was sent successfully.', zh: '您的咨询已成功发送。', ja: 'お問い合わせを送信しました。',
};
const FLOOR_9: Record<Locale, string> = { ko: '9층', en: 'Floor 9', zh: '9层', ja: '9階' };
/** The space's note in Korean and English: the zh and ja sheets print the Korean one, as the page does. */
const NOTE = { ko: '남향 코너 공간, 전용 화장실 있음', en: 'South-facing corner, private restroom' };
/** What each sheet says besides the facts: the note, the phone as dialled from there, which box on the floor is this space. */
const SHEET_SAYS: Record<Locale, string[]> = {
  ko: [NOTE.ko, '전화 02-871-3300', '칠한 칸이 이 공간입니다: 9층 '],
  en: [NOTE.en, 'Phone +82 2-871-3300', 'The filled box is this space: Floor 9, Unit '],
  zh: [NOTE.ko, '电话 +82 2-871-3300', '填色的格子即本空间：9层 '],
  ja: [NOTE.ko, '電話 +82 2-871-3300', '色付きの枠がこの区画です：9階 '],
};

/** The PDF's words as pdftotext reads them, white space folded. */
function pdfText(pdf: Buffer): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'e2e-sheet-'));
  try {
    writeFileSync(path.join(dir, 'sheet.pdf'), pdf);
    return execFileSync('pdftotext', ['-enc', 'UTF-8', path.join(dir, 'sheet.pdf'), '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

test('a tenant goes from the home page to a filtered plan, a space page, its sheet and an inquiry about it, in four languages', async ({ page }) => {
  // Five pages in four languages: one of the long journeys (each axe sweep adds its own budget).
  test.setTimeout(180_000);
  // An area no other test (nor this one in the other project) gives a space, so the search finds this one alone.
  const area = 150 + Math.floor(Math.random() * 3000) / 10 + 0.03;
  const unit = await createUnit(page.request, { exclusiveAreaM2: area, supplyAreaM2: 480, note: NOTE });
  const [low, high] = [(area - 0.01).toFixed(2), (area + 0.01).toFixed(2)];
  for (const locale of LOCALES) {
    // Home: the way in says how much space is available, and leads to the plan.
    // Opened at the section, as a visitor scrolling down reaches it: it loads when near the screen.
    await page.goto(`${localizePath(locale, '/')}#available-spaces`);
    const home = page.locator('#available-spaces');
    await expect(home).toHaveAttribute('data-spaces-state', 'ready');
    await expect(home.locator('[data-spaces-summary]')).toHaveText(/\d/);
    await home.locator('a.btn-primary').click();
    await expect(page).toHaveURL(new RegExp(`${localizePath(locale, '/floors')}#stacking-plan$`));

    // The plan, searched: use, area, one floor, as a list; the search is in the address, to share.
    const plan = page.locator('#stacking-plan');
    await expect(plan).toHaveAttribute('data-plan-state', 'ready');
    const form = page.locator('#plan-search');
    await form.locator('select[name=use]').selectOption('Education');
    await form.locator('input[name=minArea]').fill(low);
    await form.locator('input[name=maxArea]').fill(high);
    await form.locator('input[name=maxArea]').press('Enter');
    await form.locator('select[name=fromFloor]').selectOption('9F');
    await form.locator('select[name=toFloor]').selectOption('9F');
    await form.locator('input[name=view][value=list]').check();
    await expect(page).toHaveURL(new RegExp(`use=Education&minArea=${low}&maxArea=${high}&fromFloor=9F&toFloor=9F&view=list`));
    const row = plan.locator(`[data-list-unit="${unit.id}"]`);
    await expect(row).toBeVisible();
    await expect(plan.locator('[data-list-unit]')).toHaveCount(1);
    await row.getByRole('link').click();

    // The space's own page.
    await expect(page).toHaveURL(new RegExp(`${spaceUrl(locale, unit)}$`));
    await expect(page.getByRole('heading', { level: 1 })).toContainText(unit.unitNumber);
    await expect(page.getByRole('heading', { level: 1 })).toContainText(FLOOR_9[locale]);
    await expect(page.locator('[data-fact="exclusiveArea"]')).toContainText(`${new Intl.NumberFormat('en', { maximumFractionDigits: 1 }).format(area)} m²`);
    await expect(page.locator('[data-fact="monthlyRent"]')).toContainText('₩3,300,000');
    // No plan of its own: under its floor's plan the floor's row marks this space, as the sheet does.
    await expect(page.locator('[data-floor-row]:visible [data-this-space]')).toContainText(unit.unitNumber);
    await expect(page.locator('[data-floor-row-caption]')).toHaveText(new RegExp(`^${SHEET_SAYS[locale][2]}.*${unit.unitNumber}`));
    await expect(page.locator('[data-floor-row]:visible')).toHaveCount(1);
    expect(await axeViolations(page)).toEqual([]);

    // Its spec sheet, in the page's language.
    const sheetHref = await page.locator('[data-unit-sheet]').getAttribute('href');
    expect(sheetHref).toBe(`${spaceUrl(locale, unit)}spec-sheet.pdf`);
    const sheet = await page.request.get(sheetHref!);
    expect(sheet.status()).toBe(200);
    expect(sheet.headers()['content-type']).toBe('application/pdf');
    const pdf = await sheet.body();
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.byteLength).toBeLessThanOrEqual(400 * 1024);
    // No plan of its own: under the floor's plan, the floor's row marks this space.
    const text = pdfText(pdf);
    for (const words of SHEET_SAYS[locale]) expect(text, `${locale} sheet lacks "${words}"`).toContain(words);
    expect(text).toContain(unit.unitNumber);

    // And an inquiry about it, the space named on the form.
    await page.locator('[data-unit-inquire]').click();
    // The space by its floor and number, not its database id.
    await expect(page).toHaveURL(new RegExp(`${localizePath(locale, '/contact')}\\?unit=9F-${unit.unitNumber}#inquiry-form$`));
    await islandsReady(page);
    await expect(page.getByTestId('unit-chip')).toContainText(unit.unitNumber);
    await page.locator('#inquiry-name').fill(uniqueName(`Share ${locale}`));
    await page.locator('#inquiry-phone').fill('010-1234-5678');
    await page.locator('#inquiry-email').fill('tenant@example.com');
    await page.locator('#inquiry-message').fill(`${unit.unitNumber}: viewing, please.`);
    await acknowledgeNotice(page);
    await personFillTimePassed(page);
    await page.locator('#inquiry-form button[type="submit"]').click();
    await expect(page.getByTestId('toast')).toContainText(INQUIRY_SENT[locale]);
  }
});

test('the plan says when a search finds nothing and offers to clear it; a floor without a space links nowhere', { tag: '@any-viewport' }, async ({ page }) => {
  await page.goto('/en/floors?minArea=99999#stacking-plan');
  const plan = page.locator('#stacking-plan');
  await expect(plan).toHaveAttribute('data-plan-state', 'ready');
  await expect(plan.locator('[data-plan-empty]')).toBeVisible();
  await expect(plan.locator('[data-plan-empty]')).toContainText('No space matches this search.');
  await plan.locator('[data-plan-empty]').getByRole('button', { name: 'Clear the search' }).click();
  await expect(plan.locator('[data-plan-empty]')).toBeHidden();
  await expect(page.locator('#plan-search input[name=minArea]')).toHaveValue('');
  expect(new URL(page.url()).searchParams.get('minArea')).toBeNull();
  // B2 is parking: no space to lease there, so no count and no link that goes nowhere.
  await expect(page.locator('[id="b2"] [data-floor-availability]')).toBeHidden();
  expect(await axeViolations(page)).toEqual([]);
});

test('Enter in the plan search while it is still loading does not reload the page; what comes next is kept', { tag: '@any-viewport' }, async ({ page }) => {
  // The search's code arrives late (a slow phone network), and only when the test lets it.
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let asked = false;
  await page.route(/stacking-plan-search[^/]*\.js$/, async (route) => {
    asked = true;
    await released;
    await route.continue();
  });
  await page.goto('/en/floors#stacking-plan');
  const plan = page.locator('#stacking-plan');
  await expect(plan).toHaveAttribute('data-plan-state', 'ready');
  await page.evaluate(() => ((window as unknown as { samePage: boolean }).samePage = true));
  const form = page.locator('#plan-search');
  await form.locator('input[name=minArea]').fill('10');
  await form.locator('input[name=minArea]').press('Enter');
  await form.locator('select[name=fromFloor]').selectOption('9F');
  await expect.poll(() => asked).toBe(true);
  release();
  await form.locator('select[name=toFloor]').selectOption('9F');
  await expect(page).toHaveURL(/minArea=10&fromFloor=9F&toFloor=9F/);
  expect(await page.evaluate(() => (window as unknown as { samePage?: boolean }).samePage)).toBe(true);
});

/** A <meta> tag's content by name or property, as a link previewer reads it. */
const metaContent = (html: string, key: string) => readHead(html).meta.get(key);

/** The page's HTML exactly as a link previewer gets it: a plain GET, no JavaScript run. */
async function plainHtml(request: APIRequestContext, path: string): Promise<{ response: APIResponse; html: string }> {
  const response = await request.get(path, { headers: { 'User-Agent': 'facebookexternalhit/1.1 kakaotalk-scrap/1.0' }, maxRedirects: 0 });
  return { response, html: await response.text() };
}

// Plain HTTP, no browser: one project is enough.
test.describe('without JavaScript', { tag: '@any-viewport' }, () => {

  test('a shared space link has the space in its title, description, canonical, hreflang and Open Graph tags with an image', async ({ request }) => {
    const unit = await createUnit(request, { floor: '8F', exclusiveAreaM2: 99.17, note: { ko: '남향 <b>코너</b> "호실"' } });
    for (const locale of LOCALES) {
      const { response, html } = await plainHtml(request, `${spaceUrl(locale, unit)}?utm_source=kakao`);
      expect(response.status()).toBe(200);
      expect(html).toContain(`<html lang="${LOCALE_TAGS[locale]}"`);
      const title = metaContent(html, 'og:title');
      expect(title).toContain(unit.unitNumber);
      expect(readHead(html).title).toContain(unit.unitNumber);
      expect(metaContent(html, 'og:description')).toContain('99.2 m²');
      expect(metaContent(html, 'twitter:title')).toBe(title);
      const image = metaContent(html, 'og:image')!;
      expect(image).toMatch(/^https?:\/\/[^/]+\/og\/floors\/4f-10f\.png$/);
      expect(metaContent(html, 'og:image:width')).toBe('1200');
      expect(metaContent(html, 'og:image:height')).toBe('630');
      const card = await request.get(new URL(image).pathname);
      expect(card.headers()['content-type']).toBe('image/png');
      expect(html).toContain(`<link rel="canonical" href="${new URL(spaceUrl(locale, unit), image).href}">`);
      for (const other of LOCALES) expect(html).toContain(`hreflang="${LOCALE_TAGS[other]}" href="${new URL(spaceUrl(other, unit), image).href}"`);
      expect(readHead(html).jsonLd.join('')).toContain('"@type":"RealEstateListing"');
      // The admin's note is text on the page, never markup.
      if (locale === 'ko') expect(html).toContain('남향 &lt;b&gt;코너&lt;/b&gt; &quot;호실&quot;');
      const csp = response.headers()['content-security-policy'];
      expect(csp).toContain("script-src 'self'");
      expect(csp).not.toContain("'unsafe-inline'");
      expect(csp).toContain("frame-ancestors 'none'");
      // Cached at the CDN under `units`; any other query shares the entry. A unit another test writes meanwhile
      // purges the tag (the next answer is the function's again): the one after that is kept.
      expect(response.headers()['netlify-cdn-cache-control']).toMatch(/public, durable, max-age=\d+/);
      expect(response.headers()['netlify-cache-tag']).toBe('units');
      await expect.poll(async () => (await request.get(spaceUrl(locale, unit))).headers()['cache-status']).toContain('hit');
    }
  });

  test('addresses: any case or no final slash redirects to the page, an old number redirects, a deleted space answers 410, an unknown one 404', async ({ request }) => {
    const token = await apiToken(request);
    const auth = { Authorization: `Bearer ${token}` };
    const unit = await createUnit(request, { floor: 'B1', unitNumber: uniqueNumber('B') });
    const bare = `/floors/b1/${unit.unitNumber.toLowerCase()}`;
    const redirected = await request.get(`/en${bare.toUpperCase().replace('/EN', '/en').replace('/FLOORS', '/floors')}`, { maxRedirects: 0 });
    expect(redirected.status()).toBe(301);
    expect(redirected.headers().location).toBe(spaceUrl('en', unit));
    expect((await request.get(bare, { maxRedirects: 0 })).headers().location).toBe(`${bare}/`);

    const renumbered = { ...unit, unitNumber: uniqueNumber('R') };
    const { id: _id, createdAt: _c, updatedAt: _u, version: _v, ...input } = renumbered;
    expect((await request.put(`/api/units/${unit.id}`, { headers: auth, data: input })).status()).toBe(200);
    const moved = await request.get(spaceUrl('ja', unit), { maxRedirects: 0 });
    expect(moved.status()).toBe(301);
    expect(moved.headers().location).toBe(spaceUrl('ja', renumbered));

    expect((await request.delete(`/api/units/${unit.id}`, { headers: auth })).status()).toBe(204);
    for (const address of [spaceUrl('ko', renumbered), spaceUrl('ja', unit), `${spaceUrl('zh', renumbered)}spec-sheet.pdf`]) {
      const { response, html } = await plainHtml(request, address);
      expect(response.status(), address).toBe(410);
      expect(html).toContain('name="robots" content="noindex"');
      expect(html).toMatch(/href="(\/\w\w)?\/floors#stacking-plan"/);
    }
    const unknown = await request.get(`/en/floors/9f/${uniqueNumber('X').toLowerCase()}/`);
    expect(unknown.status()).toBe(404);
    expect(await unknown.text()).toContain('data-testid="not-found"');
    expect((await request.get('/floors/99f/101/')).status()).toBe(404);
  });

  test('the sitemap lists every space and brand page in four languages with hreflang, as soon as they are saved', async ({ request }) => {
    const unit = await createUnit(request, { floor: '3F' });
    const brand = await createBrand(request, await apiToken(request), { name: uniqueName('Sitemap Brand') });
    const xml = await (await request.get('/sitemap.xml')).text();
    for (const locale of LOCALES) {
      expect(xml).toContain(`${spaceUrl(locale, unit)}</loc>`);
      expect(xml).toContain(`${localizePath(locale, `/brands/${brand.slug}/`)}</loc>`);
      expect(xml).toContain(`hreflang="${LOCALE_TAGS[locale]}" href="${new URL(spaceUrl(locale, unit), 'https://btower.example').href}"`);
    }
    expect(xml).toContain(`<loc>https://btower.example/en/floors</loc>`);
    const robots = await (await request.get('/robots.txt')).text();
    expect(robots).toContain('Disallow: /share-shell/');
    expect(robots).toMatch(/Sitemap: https?:\/\/[^\n]+\/sitemap\.xml/);
  });
});

// The admin form is covered on both viewports elsewhere; this checks the page follows a write.
test('a price change in the admin reaches the space page', { tag: '@any-viewport' }, async ({ page }) => {
  const unit = await createUnit(page.request, { floor: '7F', monthlyRent: 2_000_000 });
  const address = spaceUrl('en', unit);
  await page.goto(address);
  await expect(page.locator('[data-fact="monthlyRent"]')).toHaveText('₩2,000,000');
  // The page is now in the CDN cache: a second request is not rendered again (once no other test's unit write
  // has purged the tag in between).
  await expect.poll(async () => (await page.request.get(address)).headers()['cache-status']).toContain('hit');

  await openAdmin(page);
  await page.getByRole('tab', { name: '공간' }).click();
  const row = page.getByTestId('unit-row').filter({ hasText: unit.unitNumber });
  await row.getByRole('button', { name: '수정' }).click();
  await page.getByLabel('월 임대료 (원)').fill('2750000');
  await page.getByRole('button', { name: '변경 저장' }).click();
  await expect(page.getByTestId('toast')).toContainText('공간을 저장했습니다.');

  await page.goto(address);
  await expect(page.locator('[data-fact="monthlyRent"]')).toHaveText('₩2,750,000');
});

test('a brand has its own page in the visitor\'s language, linked from its card, with its space and a store in the building for search engines', { tag: '@any-viewport' }, async ({ page }) => {
  const token = await apiToken(page.request);
  const unit = await createUnit(page.request, { floor: '2F' });
  const name = uniqueName('공유 브랜드');
  const english = uniqueName('Shared Brand');
  const brand: Brand = await createBrand(page.request, token, {
    name, nameI18n: { en: english }, descriptionI18n: { en: 'Coffee and pastry by the lobby.' }, floor: '2F', unit: unit.unitNumber, category: 'F&B',
  } as never);
  expect(brand.slug).toMatch(/^shared-brand-/);

  await page.goto('/en/brands');
  await islandsReady(page);
  await page.getByRole('searchbox').fill(english);
  await page.getByRole('link', { name: english }).click();
  await expect(page).toHaveURL(new RegExp(`/en/brands/${brand.slug}/$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(english);
  await expect(page.getByText('Coffee and pastry by the lobby.')).toBeVisible();
  await expect(page.locator('[data-brand-status]')).toHaveText('Open');
  expect(await axeViolations(page)).toEqual([]);
  const html = await (await page.request.get(page.url())).text();
  expect(html).toContain('"@type":"FoodEstablishment"');
  expect(html).toContain('"containedInPlace":{"@id":"https://btower.example/#building"}');
  expect(metaContent(html, 'og:image')).toContain('/.netlify/images?url=%2Fobjects%2Fuploads%2F');
  await page.locator('[data-brand-space]').click();
  await expect(page).toHaveURL(new RegExp(`${spaceUrl('en', unit)}$`));
  await expect(page.getByRole('heading', { level: 1 })).toContainText(unit.unitNumber);

  // Korean has no English name to show: the Korean one.
  await page.goto(`/brands/${brand.slug}/`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);

  // Renamed, the old address still leads to it; deleted, it says so.
  const renamed = uniqueName('Renamed Brand');
  const { id, createdAt: _c, updatedAt: _u, slug: oldSlug, version: _v, directoryState: _d, openingOn: _o, ...input } = brand;
  const auth = { Authorization: `Bearer ${token}` };
  const updated = (await (await page.request.put(`/api/brands/${id}`, { headers: auth, data: { ...input, nameI18n: { en: renamed } } })).json()) as Brand;
  expect(updated.slug).not.toBe(oldSlug);
  const old = await page.request.get(`/ja/brands/${oldSlug}/`, { maxRedirects: 0 });
  expect(old.status()).toBe(301);
  expect(old.headers().location).toBe(`/ja/brands/${updated.slug}/`);
  expect((await page.request.delete(`/api/brands/${id}`, { headers: auth })).status()).toBe(204);
  const gone = await page.request.get(`/zh/brands/${updated.slug}/`);
  expect(gone.status()).toBe(410);
  expect(await gone.text()).toContain('href="/zh/brands"');
});
