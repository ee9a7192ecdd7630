import { test, expect } from './fixtures';
import { LOCALES, localizePath } from '../../src/i18n/locales.ts';
import { readFileSync } from 'node:fs';

/** The 404 card's texts as the dictionaries give them. */
const notFoundTexts = (locale: string) => JSON.parse(readFileSync(`content/i18n/${locale}/notFound.json`, 'utf8')) as { label: string; heading: string };

for (const locale of LOCALES) {
  test(`the ${locale} 404 card speaks ${locale} only`, { tag: '@any-viewport' }, async ({ page }) => {
    const texts = notFoundTexts(locale);
    await page.goto(localizePath(locale, '/no-such-page'));
    const card = page.getByTestId('not-found');
    await expect(card.getByRole('heading', { level: 1 })).toHaveText(texts.heading);
    await expect(card).toContainText(texts.label);
    // No line of another language (it was an English "PAGE NOT FOUND" on every 404).
    if (locale !== 'en') await expect(card).not.toContainText(/page not found/i);
  });
}

test('the Japanese 404 heading wraps between phrases on a phone, never inside a word', { tag: '@mobile-only' }, async ({ page }) => {
  // The heading's phrases (文節): a line may start only where one does. (This browser's word segmenter splits
  // Japanese into single characters, so the phrases are written out here; change them with the heading.)
  const phrases = ['お探しの', 'ページは', '見つかりませんでした'];
  expect(phrases.join('')).toBe(notFoundTexts('ja').heading);
  const allowed = phrases.map((_, i) => phrases.slice(0, i).join('').length);
  for (const width of [320, 360, 390]) {
    await page.setViewportSize({ width, height: 740 });
    await page.goto('/ja/no-such-page');
    const heading = page.getByTestId('not-found').getByRole('heading', { level: 1 });
    await expect(heading).toBeVisible();
    // Where each rendered line starts, as offsets in the text.
    const lineStarts = await heading.evaluate((element) => {
      const node = element.firstChild as Text;
      const range = document.createRange();
      const starts: number[] = [];
      let lastTop = -Infinity;
      for (let i = 0; i < node.length; i++) {
        range.setStart(node, i);
        range.setEnd(node, i + 1);
        const top = range.getClientRects()[0]?.top ?? lastTop;
        if (top > lastTop + 2) starts.push(i);
        lastTop = Math.max(lastTop, top);
      }
      return starts;
    });
    expect(lineStarts.length, `at ${width} px the heading needs more than one line`).toBeGreaterThan(1);
    for (const start of lineStarts) expect(allowed, `at ${width} px a line starts at "${notFoundTexts('ja').heading.slice(start)}"`).toContain(start);
  }
});

// Headers are the same for every viewport.
test('a 404 for an unknown path carries its page\'s full Content-Security-Policy header (issue 29)', { tag: '@any-viewport' }, async ({ request }) => {
  for (const locale of LOCALES) {
    const answer = await request.get(localizePath(locale, '/no-such-page/deeper'));
    expect(answer.status()).toBe(404);
    const policy = answer.headers()['content-security-policy'] ?? '';
    // What a <meta> policy cannot say, and what every page forbids.
    expect(policy, locale).toContain("frame-ancestors 'none'");
    expect(policy, locale).toContain("object-src 'none'");
    // The not-found page's own policy: the same header as at its own address, and it allows the page's inline code.
    const own = await request.get(localizePath(locale, '/404'));
    expect(policy, locale).toBe(own.headers()['content-security-policy']);
    const html = await answer.text();
    const meta = /http-equiv="content-security-policy" content="([^"]*)"/.exec(html)?.[1] ?? '';
    for (const hash of meta.match(/'sha256-[^']+'/g) ?? []) expect(policy, `${locale}: ${hash}`).toContain(hash);
    expect(policy, locale).not.toContain('unsafe-inline');
  }
});
