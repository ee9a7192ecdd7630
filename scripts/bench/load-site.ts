import { LOCALES, localizePath } from '../../src/i18n/locales.ts';
import { EXTRA_PAGES, NAV_ITEMS } from '../../src/navigation.ts';

/** A page a visitor reads: the row it counts under, its URL, the status it answers and the hashed files it loads. */
export interface Page {
  label: string;
  path: string;
  status: number;
  assets: string[];
}

/** A path no page has: the visitor followed a dead link and gets the localized 'Page Not Found' card, with 404. */
export const NOT_FOUND_PATH = '/no-such-page';

/** Every hashed build file (`/_astro/…`: scripts, styles, images, fonts) the HTML refers to. */
function hashedAssets(html: string): string[] {
  return [...new Set(html.match(/\/_astro\/[\w.-]+/g) ?? [])];
}

/**
 * The nine routes (the eight pages and the not-found card) in the four locales, each read once to
 * learn its assets — which also warms the server's file reads before the timed run.
 */
export async function discoverPages(origin: string): Promise<Page[]> {
  const routes = [...NAV_ITEMS.map((item) => item.path), ...EXTRA_PAGES, NOT_FOUND_PATH];
  const pages: Page[] = [];
  for (const route of routes) {
    for (const locale of LOCALES) {
      const path = localizePath(locale, route);
      const status = route === NOT_FOUND_PATH ? 404 : 200;
      const response = await fetch(origin + path);
      const html = await response.text();
      if (response.status !== status) throw new Error(`GET ${path} → ${response.status}, expected ${status}`);
      const label = route === NOT_FOUND_PATH ? `GET ${NOT_FOUND_PATH} (404 page)` : `GET ${route} (page)`;
      pages.push({ label, path, status, assets: hashedAssets(html) });
    }
  }
  return pages;
}
