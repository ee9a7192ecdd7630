import { HttpError } from '../http/errors.ts';
import { asLocale, localeFromAcceptLanguage, serverMessages } from '../i18n.ts';
import { checkSignature } from './signing.ts';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * A browser that opens an expired or missing attachment link gets a readable page in the admin's
 * language (`lang` in the signed link, else Accept-Language) instead of raw JSON. API clients still
 * get the JSON 404. Nothing on the page tells a stranger whether the object exists.
 */
export async function objectErrorPage(req: Request, objectPath: string, params: URLSearchParams, error: unknown): Promise<Response> {
  const wantsHtml = (req.headers.get('Accept') ?? '').includes('text/html');
  if (!(error instanceof HttpError) || error.status !== 404 || !wantsHtml || req.method !== 'GET') throw error;
  const locale = params.has('lang') ? asLocale(params.get('lang')) : localeFromAcceptLanguage(req.headers.get('Accept-Language'));
  const t = serverMessages(locale);
  const expired = (await checkSignature('get', objectPath, params).catch(() => 'invalid')) === 'expired';
  const title = t(expired ? 'inbox.objectPage.expiredTitle' : 'inbox.objectPage.missingTitle');
  const body = t(expired ? 'inbox.objectPage.expired' : 'inbox.objectPage.missing');
  const admin = locale === 'ko' ? '/admin' : `/${locale}/admin`;
  const html = `<!doctype html><html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(title)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:36rem;margin:4rem auto;padding:0 1rem;color:#1c1c1c;line-height:1.6}a{color:#6b5221}</style></head>
<body><main><h1>${escapeHtml(title)}</h1><p>${escapeHtml(body)}</p><p><a href="${admin}">${escapeHtml(t('inbox.objectPage.back'))}</a></p></main></body></html>`;
  return new Response(html, {
    status: 404,
    headers: {
      'Content-Type': 'text/html; charset=utf-8',
      'Cache-Control': 'no-store',
      'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
      Vary: 'Accept, Accept-Language',
    },
  });
}
