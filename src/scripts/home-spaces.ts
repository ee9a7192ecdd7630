import type { Unit } from '../shared/units/unit.ts';
import { availabilityOf, formatArea, formatDay, seoulToday } from '../shared/units/facts.ts';
import { spacePath } from '../shared/share-paths.ts';
import { spaceName } from '../shared/units/space-name.ts';
import { localizePath, type Locale } from '../i18n/locales.ts';

/** How many spaces the home page names: enough to show what there is, few enough to stay a teaser. */
const SHOWN = 3;

interface HomeWords {
  locale: Locale;
  tag: string;
  text: Record<string, string>;
}

/**
 * The home page's available spaces (AvailableSpaces.astro): read from the cached public list once the
 * section comes near the screen, so the first paint never waits for it.
 */
export function initHomeSpaces(): void {
  const section = document.querySelector<HTMLElement>('[data-home-spaces]');
  const data = document.getElementById('home-spaces-words')?.textContent;
  if (!section || !data) return;
  const words = JSON.parse(data) as HomeWords;
  const observer = new IntersectionObserver(
    (entries) => {
      if (!entries.some((entry) => entry.isIntersecting)) return;
      observer.disconnect();
      void load(section, words);
    },
    { rootMargin: '400px 0px' },
  );
  observer.observe(section);
}

async function load(section: HTMLElement, words: HomeWords): Promise<void> {
  const t = (key: string, params: Record<string, string | number> = {}) =>
    (words.text[key] ?? key).replace(/\{(\w+)\}/g, (match, name: string) => (name in params ? String(params[name]) : match));
  const summary = section.querySelector<HTMLElement>('[data-spaces-summary]')!;
  const list = section.querySelector<HTMLElement>('[data-spaces-list]')!;
  // Every space, then the ones free now or on a known day: a leased space whose lease ends shows that day (issue 40).
  const response = await fetch('/api/units', { headers: { Accept: 'application/json' } }).catch(() => null);
  if (!response?.ok) {
    summary.textContent = t('units.home.failed');
    return;
  }
  const today = seoulToday();
  const units = ((await response.json()) as Unit[]).filter((unit) => unit.status === 'available' || (unit.status === 'leased' && availabilityOf(unit, today).kind === 'from'));
  const factWords = { t, tag: words.tag, useLabel: (use: string) => t(`use.${use}`) };
  if (units.length === 0) {
    summary.textContent = t('units.home.none');
    list.replaceChildren();
  } else {
    const smallest = Math.min(...units.map((unit) => unit.exclusiveAreaM2));
    summary.textContent = t('units.home.summary', { count: units.length, area: formatArea(smallest, factWords) });
    list.replaceChildren(
      ...units.slice(0, SHOWN).map((unit) => {
        const item = document.createElement('li');
        const link = document.createElement('a');
        link.href = localizePath(words.locale, spacePath(unit));
        link.className = 'flex min-h-11 items-center rounded-xl border border-line px-4 py-3 font-semibold text-ink hover:border-brass-strong hover:text-brass-strong';
        const availability = availabilityOf(unit, today);
        const space = spaceName(t, unit);
        const area = formatArea(unit.exclusiveAreaM2, factWords);
        link.textContent = availability.kind === 'from'
          ? t('units.home.itemFrom', { space, area, date: formatDay(availability.date, words.tag) })
          : t('units.home.item', { space, area });
        if (availability.kind === 'from') link.dataset.availableFrom = availability.date;
        item.append(link);
        return item;
      }),
    );
  }
  section.dataset.spacesState = 'ready';
}
