import type { APIRoute } from 'astro';
import { DEFAULT_LOCALE, LOCALES, LOCALE_TAGS, localizePath } from '~/i18n/locales';
import { NAV_ITEMS } from '~/navigation';

/** Every public page in every language, each listing its language alternates (hreflang). */
export const GET: APIRoute = ({ site }) => {
  const base = site ?? new URL('http://127.0.0.1');
  const abs = (path: string) => new URL(path, base).href;
  const urls = NAV_ITEMS.flatMap(({ path }) =>
    LOCALES.map((locale) => {
      const alternates = [
        ...LOCALES.map((l) => `<xhtml:link rel="alternate" hreflang="${LOCALE_TAGS[l]}" href="${abs(localizePath(l, path))}"/>`),
        `<xhtml:link rel="alternate" hreflang="x-default" href="${abs(localizePath(DEFAULT_LOCALE, path))}"/>`,
      ];
      return `<url><loc>${abs(localizePath(locale, path))}</loc>${alternates.join('')}</url>`;
    }),
  );
  const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${urls.join('\n')}\n</urlset>\n`;
  return new Response(xml, { headers: { 'Content-Type': 'application/xml; charset=utf-8' } });
};
