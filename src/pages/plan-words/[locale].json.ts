import type { APIRoute } from 'astro';
import { LOCALES, type Locale } from '~/i18n/locales';
import { planLaterWords } from '~/content/plan-words';

/** The words the stacking plan's search, list and space dialog write, per language (src/content/plan-words.ts). */
export function getStaticPaths() {
  return LOCALES.map((locale) => ({ params: { locale }, props: { locale } }));
}

export const GET: APIRoute = ({ props }) =>
  new Response(JSON.stringify(planLaterWords((props as { locale: Locale }).locale)), {
    headers: { 'Content-Type': 'application/json; charset=utf-8' },
  });
