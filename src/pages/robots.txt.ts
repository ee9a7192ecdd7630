import type { APIRoute } from 'astro';
import { LOCALES, localizePath } from '~/i18n/locales';
import { SHELL_DIR } from '~/shared/share-shell';

/** Keeps the admin panel, the content editors' app, the API and the share pages' shells out of search engines; points them to the sitemap. */
export const GET: APIRoute = ({ site }) => {
  const disallow = ['/api/', '/cms/', `/${SHELL_DIR}/`, ...LOCALES.map((l) => localizePath(l, '/admin'))];
  const lines = ['User-agent: *', ...disallow.map((p) => `Disallow: ${p}`), 'Allow: /', ''];
  if (site) lines.push(`Sitemap: ${new URL('/sitemap.xml', site).href}`, '');
  return new Response(lines.join('\n'), { headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
};
