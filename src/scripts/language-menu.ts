import { DEFAULT_LOCALE, isLocale, LANGUAGE_STORAGE_KEY, localizePath, splitLocale, type Locale } from '~/i18n/locales';

function readSaved(): string | null {
  try {
    return localStorage.getItem(LANGUAGE_STORAGE_KEY);
  } catch {
    return null; // storage blocked: the page's own language stands
  }
}

/** This very address in another language: same path (even an unknown one, on a 404 page), query and anchor. */
function sameAddressIn(locale: Locale): string {
  return localizePath(locale, splitLocale(location.pathname).path) + location.search + location.hash;
}

/**
 * A saved language only chooses the language of the bare entry address `/` when the visitor comes from
 * outside the site (typed it, a bookmark, a search result). Any other address names its language
 * explicitly — a shared Korean link stays Korean, an unknown path stays the same 404 — and a visitor
 * who follows the home link within the site meant the page they clicked.
 */
function savedLanguageRedirect(current: string | undefined): string | undefined {
  const saved = readSaved();
  if (!isLocale(saved) || saved === current || current !== DEFAULT_LOCALE || location.pathname !== '/') return undefined;
  const fromThisSite = document.referrer !== '' && new URL(document.referrer).origin === location.origin;
  return fromThisSite ? undefined : sameAddressIn(saved);
}

/**
 * Language dropdowns: choosing a language saves it under `language` and opens this address in that
 * language. On load, a saved language is honoured on the entry page only (see savedLanguageRedirect),
 * and only if a dictionary exists for it.
 */
export function initLanguageMenus(): void {
  const redirect = savedLanguageRedirect(document.documentElement.dataset.locale);
  if (redirect) {
    location.replace(redirect);
    return;
  }

  for (const menu of document.querySelectorAll<HTMLElement>('[data-language-menu]')) {
    const button = menu.querySelector('button');
    const list = menu.querySelector('ul');
    if (!button || !list) continue;
    // The built links name the page's own route; on a 404 page the address is another one.
    for (const link of list.querySelectorAll<HTMLAnchorElement>('a[data-lang]')) {
      if (isLocale(link.dataset.lang)) link.href = sameAddressIn(link.dataset.lang);
    }
    const setOpen = (open: boolean) => {
      list.hidden = !open;
      button.setAttribute('aria-expanded', String(open));
    };
    button.addEventListener('click', () => setOpen(list.hidden));
    menu.addEventListener('keydown', (event) => {
      if (event.key === 'Escape' && !list.hidden) {
        setOpen(false);
        button.focus();
      }
    });
    menu.addEventListener('focusout', (event) => {
      if (!menu.contains(event.relatedTarget as Node | null)) setOpen(false);
    });
    list.addEventListener('click', (event) => {
      const link = (event.target as Element).closest<HTMLAnchorElement>('a[data-lang]');
      if (!link) return;
      try {
        localStorage.setItem(LANGUAGE_STORAGE_KEY, link.dataset.lang ?? '');
      } catch {
        /* storage blocked: the link still changes the language */
      }
      // The anchor may have changed since load (floor buttons, directory filters): take it as it is now.
      if (!isLocale(link.dataset.lang)) return;
      event.preventDefault();
      location.assign(sameAddressIn(link.dataset.lang));
    });
  }
}
