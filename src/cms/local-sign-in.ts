import { cmsTexts } from './texts.ts';

/**
 * GitHub's sign-in on the local server (src/cms/main.ts points the CMS's sign-in window here). Netlify's OAuth
 * only answers the deployed site, so the window used to wait for ever ("로그인하는 중…"). This page answers at
 * once, in the handshake the CMS expects from a sign-in window (`authorizing:github`, echoed back, then
 * `authorization:github:error:{…}`), with a message in the editor's language; the CMS shows it and closes the
 * window. Only the page that opened it, on this origin, is told.
 */
const PROVIDER = new URLSearchParams(location.search).get('provider') ?? 'github';
const t = cmsTexts();
const message = t('cms.signIn.localFailure');
document.querySelector('#message')!.textContent = message;

const opener = window.opener as Window | null;
if (opener) {
  window.addEventListener('message', ({ origin, data }) => {
    if (origin !== location.origin || data !== `authorizing:${PROVIDER}`) return;
    document.querySelector('#message')!.textContent = t('cms.signIn.closing');
    opener.postMessage(`authorization:${PROVIDER}:error:${JSON.stringify({ error: message })}`, location.origin);
  });
  opener.postMessage(`authorizing:${PROVIDER}`, location.origin);
}
