import { test, expect } from './fixtures';
import { apiToken, islandsReady, uniqueName } from './support/islands.ts';
import { createPhotoBrand, phonePhoto } from './support/photo-brand.ts';

test('cards show uploaded photos through the Image CDN route: srcset, sizes, intrinsic size, the first one first', async ({ page, consoleErrors }) => {
  const tag = uniqueName('img').replace(' ', '');
  const token = await apiToken(page.request);
  const photo = await phonePhoto();
  await createPhotoBrand(page.request, token, photo, { name: `${tag} Older`, tags: [tag] });
  await createPhotoBrand(page.request, token, photo, { name: `${tag} Newer`, tags: [tag] });

  const originals: string[] = [];
  const transformed: { url: string; type: string | null; bytes: number }[] = [];
  page.on('requestfinished', async (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/objects/uploads/')) originals.push(url.pathname);
    if (url.pathname === '/.netlify/images') {
      const response = await request.response();
      transformed.push({ url: url.search, type: response?.headers()['content-type'] ?? null, bytes: (await response?.body())?.byteLength ?? 0 });
    }
  });
  await page.goto(`/en/brands?search=${tag}`);
  const images = page.getByTestId('brand-card').locator('img');
  await expect(images).toHaveCount(2);
  await expect.poll(() => images.evaluateAll((all) => all.every((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0))).toBe(true);

  const first = images.first();
  await expect(first).toHaveAttribute('src', /^\/\.netlify\/images\?url=%2Fobjects%2Fuploads%2F[0-9a-f-]{36}&w=\d+&h=\d+&fit=cover&q=50$/);
  await expect(first).toHaveAttribute('srcset', /&w=360&h=270&fit=cover&q=50 360w, .*&w=960&h=720&fit=cover&q=50 960w$/);
  await expect(first).toHaveAttribute('sizes', /calc\(100vw - 32px\)$/);
  await expect(first).toHaveAttribute('width', '960');
  await expect(first).toHaveAttribute('height', '720');
  await expect(first).toHaveAttribute('fetchpriority', 'high');
  await expect(first).toHaveAttribute('loading', 'eager');
  await expect(images.nth(1)).not.toHaveAttribute('fetchpriority', 'high');

  // The browser picked a size from srcset, got WebP, and never downloaded the original.
  await expect.poll(() => transformed.length).toBeGreaterThanOrEqual(1);
  expect(transformed.every((t) => t.type === 'image/webp')).toBe(true);
  const drawn = await first.evaluate((img) => (img as HTMLImageElement).getBoundingClientRect().width * devicePixelRatio);
  const chosen = await first.evaluate((img) => Number(new URL((img as HTMLImageElement).currentSrc).searchParams.get('w')));
  expect(chosen).toBeGreaterThanOrEqual(Math.min(960, Math.floor(drawn)));
  expect(chosen).toBeLessThan(drawn * 2);
  expect(transformed.every((t) => t.bytes < photo.length / 3)).toBe(true);
  expect(originals).toEqual([]);
  expect(consoleErrors).toEqual([]);
});

test('nothing moves when the pictures arrive (no layout shift)', async ({ page }) => {
  const tag = uniqueName('cls').replace(' ', '');
  const token = await apiToken(page.request);
  const photo = await phonePhoto(1200, 900);
  for (const n of [1, 2, 3, 4]) await createPhotoBrand(page.request, token, photo, { name: `${tag} ${n}`, tags: [tag] });

  await page.addInitScript(() => {
    (window as unknown as { shifts: number[] }).shifts = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
        if (!entry.hadRecentInput) (window as unknown as { shifts: number[] }).shifts.push(entry.value);
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  // Pictures are held back until the cards are laid out, then let through.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/.netlify/images?**', async (route) => {
    await held;
    await route.continue();
  });
  // Not until `load`: the first row's pictures are eager, and they are the ones held.
  await page.goto(`/brands?search=${tag}`, { waitUntil: 'domcontentloaded' });
  await islandsReady(page);
  const cards = page.getByTestId('brand-card');
  await expect(cards).toHaveCount(4);
  // The picture boxes' sizes (cards below the first row are laid out only near the screen, so their
  // positions settle as one scrolls; what must not change when a picture arrives is its box).
  const boxes = () =>
    cards.evaluateAll((all) =>
      all.map((card) => {
        const r = card.querySelector('img')!.getBoundingClientRect();
        return `${Math.round(r.width)}×${Math.round(r.height)}`;
      }),
    );
  // Pass over every card once first: cards below the first row get their real size when first laid out
  // near the screen (content-visibility); what is measured next is only what the pictures do.
  const frames = () => page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  await cards.last().scrollIntoViewIfNeeded();
  await frames();
  await page.evaluate(() => scrollTo(0, 0));
  await frames();
  const before = await boxes();
  const shiftsBefore = await page.evaluate(() => (window as unknown as { shifts: number[] }).shifts.length);
  release();
  const images = cards.locator('img');
  await expect.poll(() => images.evaluateAll((all) => all.filter((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0).length)).toBeGreaterThanOrEqual(1);
  await images.last().scrollIntoViewIfNeeded();
  await expect.poll(() => images.evaluateAll((all) => all.every((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0))).toBe(true);
  await page.evaluate(() => scrollTo(0, 0));
  expect(await boxes()).toEqual(before);
  const shifts = await page.evaluate(() => (window as unknown as { shifts: number[] }).shifts);
  expect(shifts.slice(shiftsBefore)).toEqual([]);
});

test('/brands reads its list once: the preloaded answer is the one the island uses', { tag: '@any-viewport' }, async ({ page }) => {
  const lists: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/brands') lists.push(request.url());
  });
  await page.goto('/en/brands');
  await islandsReady(page);
  await expect(page.getByTestId('brand-skeleton')).toHaveCount(0);
  await expect(page.locator('link[rel=preload][as=fetch]')).toHaveAttribute('href', '/api/brands');
  expect(lists).toHaveLength(1);
});

test('the first brand\'s picture shows in the loading list before the directory\'s code has arrived, and the card reuses it', async ({ page }) => {
  const token = await apiToken(page.request);
  const first = await createPhotoBrand(page.request, token, await phonePhoto(), { name: uniqueName('First Picture') });
  // Ours is the first brand of the list, whatever parallel tests store meanwhile.
  await page.route('**/api/brands', async (route) => {
    const response = await route.fetch();
    const others = ((await response.json()) as { id: string }[]).filter((brand) => brand.id !== first.id);
    await route.fulfill({ response, json: [first, ...others] });
  });
  // The directory's code is held, as on a slow phone.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/_astro\/BrandDirectory\.[^/]*\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/en/brands', { waitUntil: 'domcontentloaded' });

  const early = page.getByTestId('brand-skeleton').first().locator('img');
  await expect(early).toBeVisible();
  // The page may come with the newest brand's picture of the server's list (decision 051); the list the
  // page reads (ours, reordered) has the last word.
  await expect.poll(() => early.evaluate((img) => {
    const { complete, naturalWidth, currentSrc } = img as HTMLImageElement;
    return complete && naturalWidth > 0 && currentSrc ? new URL(currentSrc).searchParams.get('url') : null;
  })).toBe(first.thumbnail);
  const earlySrc = await early.evaluate((img) => (img as HTMLImageElement).currentSrc);
  const earlyBox = await early.boundingBox();

  const pictures: string[] = [];
  page.on('request', (request) => request.url().includes('/.netlify/images') && pictures.push(request.url()));
  release();
  const card = page.getByTestId('brand-card').first();
  await expect(card.locator('h3')).toHaveText(first.name);
  expect(await card.locator('img').evaluate((img) => (img as HTMLImageElement).currentSrc)).toBe(earlySrc);
  // Where it was: the card's picture takes the loading picture's place.
  expect(await card.locator('img').boundingBox()).toEqual(earlyBox);
  expect(pictures.filter((url) => url === earlySrc)).toEqual([]);
});

test('the newest brand\'s picture comes with the page\'s HTML: it shows in the loading list with no script at all', { tag: '@any-viewport' }, async ({ browser, baseURL, request }) => {
  const token = await apiToken(request);
  await createPhotoBrand(request, token, await phonePhoto(), { name: uniqueName('Picture In HTML') });
  const context = await browser.newContext({ baseURL, javaScriptEnabled: false });
  try {
    const page = await context.newPage();
    const response = await page.goto('/en/brands');
    expect(response!.status()).toBe(200);
    expect((await response!.allHeaders())['content-security-policy']).toContain("frame-ancestors 'none'");
    const picture = page.getByTestId('brand-skeleton').first().locator('img');
    await expect(picture).toBeVisible();
    await expect(picture).toHaveAttribute('fetchpriority', 'high');
    await expect.poll(() => picture.evaluate((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0)).toBe(true);
    const shown = new URL(await picture.evaluate((img) => (img as HTMLImageElement).currentSrc)).searchParams.get('url');
    // One of the directory's brands (parallel tests may have saved a newer one since ours).
    const listed = ((await (await request.get('/api/brands')).json()) as { thumbnail: string }[]).map((brand) => brand.thumbnail);
    expect(listed).toContain(shown);
    // A filtered visit shows other brands first: its page comes as built, the picture left to the directory.
    await page.goto('/en/brands?category=Medical');
    await expect(page.getByTestId('brand-skeleton').first().locator('img')).toBeHidden();
  } finally {
    await context.close();
  }
});
