import { DEFAULT_LOCALE, LOCALES, LOCALE_TAGS, localizePath } from '../../i18n/locales.ts';
import { FOOTER_PAGES, NAV_ITEMS } from '../../navigation.ts';
import { escapeHtml } from './html.ts';

/** One page of the site in every language: its locale-free path and when it last changed, if known. */
export interface SitemapPage {
  path: string;
  lastModified?: string;
}

/**
 * The sitemap (sitemaps.org, with hreflang alternates): every public page, space and brand in the four
 * languages, each listing all four and x-default, as the pages' own <link rel="alternate"> do.
 */
export function sitemapXml(origin: string, pages: readonly SitemapPage[]): string {
  const abs = (path: string) => escapeHtml(new URL(path, origin).href);
  const all: SitemapPage[] = [...NAV_ITEMS.map(({ path }) => ({ path })), ...FOOTER_PAGES.map((path) => ({ path })), ...pages];
  const urls = all.flatMap(({ path, lastModified }) => {
    const alternates = [
      ...LOCALES.map((l) => `<xhtml:link rel="alternate" hreflang="${LOCALE_TAGS[l]}" href="${abs(localizePath(l, path))}"/>`),
      `<xhtml:link rel="alternate" hreflang="x-default" href="${abs(localizePath(DEFAULT_LOCALE, path))}"/>`,
    ].join('');
    const modified = lastModified ? `<lastmod>${lastModified.slice(0, 10)}</lastmod>` : '';
    return LOCALES.map((locale) => `<url><loc>${abs(localizePath(locale, path))}</loc>${modified}${alternates}</url>`);
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${urls.join('\n')}\n</urlset>\n`;
}
