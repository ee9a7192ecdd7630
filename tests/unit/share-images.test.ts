import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { LOCALES } from '~/i18n/locales';
import { loadLocalized } from '~/content/load';
import { DirectionsTextSchema } from '~/content/schemas/directions';
import { SEO_PAGES, SHARE_IMAGE_SIZE, shareImagePath } from '~/seo/pages';
import { pageTexts } from '~/seo/page-texts';
import { readPng } from '../../scripts/lib/png-text.ts';

const REDRAW = 'redraw them: npx node scripts/draw-share-images.ts';
/** Share cards are fetched by every chat app and crawler that previews a link: keep them light. */
const MAX_BYTES = 150 * 1024;

describe('share images (public/og)', () => {
  for (const locale of LOCALES) {
    it(`exist for every page in ${locale}, 1200×630 and light, showing today's headline and address`, () => {
      const { address } = loadLocalized('directions', locale, DirectionsTextSchema);
      for (const page of SEO_PAGES) {
        const file = `public${shareImagePath(page, locale)}`;
        expect(existsSync(file), `${file} is missing; ${REDRAW}`).toBe(true);
        const png = readFileSync(file);
        const { width, height, text } = readPng(png);
        expect({ width, height }, file).toEqual(SHARE_IMAGE_SIZE);
        expect(png.length, file).toBeLessThan(MAX_BYTES);
        // The words drawn on the image travel with it: a changed headline or address means a stale image.
        expect({ headline: text.Title, address: text.Description }, `${file} shows old words; ${REDRAW}`).toEqual({
          headline: pageTexts(locale, page).shareHeadline,
          address,
        });
      }
    });
  }
});
