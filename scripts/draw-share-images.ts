/**
 * Draws each public page's share image (Open Graph / Twitter card, 1200×630) in every language:
 * the page's headline from content/i18n/<locale>/meta.json over its illustration, into public/og/.
 * Korean, Chinese and Japanese need the Noto Sans CJK fonts (Debian: fonts-noto-cjk), which
 * Netlify's build machine lacks, so the PNGs are drawn here and committed. Run after changing a
 * headline or the address: `npx node scripts/draw-share-images.ts` (a unit test names stale images).
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { LOCALES, type Locale } from '../src/i18n/locales.ts';
import { SEO_PAGES, shareImagePath, type SeoPage } from '../src/seo/pages.ts';
import { drawShareImage } from './lib/share-image.ts';
import { withPngText } from './lib/png-text.ts';

const ROOT = new URL('..', import.meta.url).pathname;

/** The illustration behind each page's headline. */
const SCENES: Record<SeoPage, string> = {
  home: 'building/facade-night',
  about: 'building/facade-day',
  architecture: 'interior/atrium',
  floors: 'floors/layout',
  directions: 'directions/map',
  brands: 'building/completion-entrance',
  contact: 'interior/office',
};

/** Han characters take their shapes from the language: one Noto Sans CJK family per locale. */
const FONTS: Record<Locale, string> = {
  ko: 'Noto Sans CJK KR',
  en: 'Noto Sans CJK KR',
  zh: 'Noto Sans CJK SC',
  ja: 'Noto Sans CJK JP',
};

const readJson = (file: string) => JSON.parse(readFileSync(join(ROOT, file), 'utf8'));

for (const family of new Set(Object.values(FONTS))) {
  const faces = execFileSync('fc-list', [family, 'style'], { encoding: 'utf8' });
  if (!/Bold/.test(faces) || !/Regular/.test(faces)) {
    throw new Error(`${family} (Bold and Regular) is not installed: apt-get install fonts-noto-cjk`);
  }
}

for (const locale of LOCALES) {
  const meta = readJson(`content/i18n/${locale}/meta.json`);
  const { address } = readJson(`content/directions/${locale}.json`) as { address: string };
  for (const page of SEO_PAGES) {
    const headline: string = meta.pages[page].shareHeadline;
    const png = await drawShareImage({
      sceneSvg: readFileSync(join(ROOT, 'src/assets/illustrations', `${SCENES[page]}.svg`), 'utf8'),
      label: meta.siteName,
      headline,
      address,
      font: FONTS[locale],
    });
    const file = join(ROOT, 'public', shareImagePath(page, locale));
    writeFileSync(file, withPngText(png, { Title: headline, Description: address }));
    console.log(`${shareImagePath(page, locale)}  ${(png.length / 1024).toFixed(1)} KB`);
  }
}
