import { isLocale, LANGUAGE_STORAGE_KEY } from '~/i18n/locales';

function readSaved(): string | null {
  try {
    return localStorage.getItem(LANGUAGE_STORAGE_KEY);
  } catch {
    return null; // storage blocked: the page's own language stands
  }
}

/**
 * Language dropdowns: choosing a language saves it under `language` and follows the link to the same
 * page in that language. On load, a saved language is honoured only if a dictionary exists for it.
 */
export function initLanguageMenus(): void {
  const current = document.documentElement.dataset.locale;
  const saved = readSaved();
  if (isLocale(saved) && saved !== current) {
    const target = document.querySelector<HTMLAnchorElement>(`[data-language-menu] a[data-lang="${saved}"]`);
    if (target) {
      location.replace(target.href + location.search + location.hash);
      return;
    }
  }

  for (const menu of document.querySelectorAll<HTMLElement>('[data-language-menu]')) {
    const button = menu.querySelector('button');
    const list = menu.querySelector('ul');
    if (!button || !list) continue;
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
      // Keep the visitor's query (e.g. directory filters) and anchor on the other language's page.
      event.preventDefault();
      location.assign(link.href + location.search + location.hash);
    });
  }
}
