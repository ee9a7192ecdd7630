import { useRef, type KeyboardEvent, type ReactNode } from 'react';
import { LOCALES, type Locale } from '~/i18n/locales';
import type { Translate } from '~/i18n/translate';

interface Props {
  selected: Locale;
  onSelect: (locale: Locale) => void;
  /** Languages whose fields hold an error: their tab says so. */
  withErrors: Locale[];
  children: ReactNode;
  t: Translate;
}

/** Tabs over the brand's name and description per language (WAI-ARIA tabs: arrows, Home, End). */
export default function LanguageTabs({ selected, onSelect, withErrors, children, t }: Props) {
  const tabs = useRef<Partial<Record<Locale, HTMLButtonElement | null>>>({});
  function onKeyDown(event: KeyboardEvent) {
    const index = LOCALES.indexOf(selected);
    const next = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: LOCALES.length - 1 }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    const locale = LOCALES[(next + LOCALES.length) % LOCALES.length]!;
    onSelect(locale);
    tabs.current[locale]?.focus();
  }
  return (
    <div className="md:col-span-2">
      <p id="brand-languages-label" className="text-sm font-semibold text-ink">{t('admin.brandForm.languages.label')}</p>
      <p id="brand-languages-hint" className="mt-1 text-xs text-muted">{t('admin.brandForm.languages.hint')}</p>
      <div role="tablist" aria-labelledby="brand-languages-label" className="mt-2 flex flex-wrap gap-1 border-b border-line" onKeyDown={onKeyDown}>
        {LOCALES.map((locale) => (
          <button
            key={locale}
            ref={(el) => {
              tabs.current[locale] = el;
            }}
            type="button"
            role="tab"
            id={`brand-lang-tab-${locale}`}
            aria-selected={locale === selected}
            aria-controls="brand-lang-panel"
            tabIndex={locale === selected ? 0 : -1}
            lang={locale}
            onClick={() => onSelect(locale)}
            className={`-mb-px min-h-11 rounded-t-md border px-4 text-sm font-semibold ${
              locale === selected ? 'border-line border-b-paper bg-paper text-ink' : 'border-transparent text-muted hover:text-ink'
            }`}
          >
            {t(`admin.brandForm.languages.${locale}`)}
            {withErrors.includes(locale) && <span className="ml-1 text-danger" aria-hidden="true">!</span>}
          </button>
        ))}
      </div>
      <div id="brand-lang-panel" role="tabpanel" aria-labelledby={`brand-lang-tab-${selected}`} className="grid gap-5 pt-4">
        {children}
      </div>
    </div>
  );
}
