import type { APIRoute } from 'astro';
import { LOCALES, type Locale } from '~/i18n/locales';
import { shareWords } from '~/content/share-words';

/** What the share functions say in each language (src/shared/share-shell.ts ShareWords), from content/ at build. */
export function getStaticPaths() {
  return LOCALES.map((locale) => ({ params: { locale }, props: { locale } }));
}

export const GET: APIRoute = ({ props, site }) =>
  new Response(JSON.stringify(shareWords((props as { locale: Locale }).locale, site ?? new URL('http://127.0.0.1'))), {
    headers: { 'Content-Type': 'application/json; charset=utf-8' },
  });
