import { FILTER_OPTIONS, isFiltering, SELECT_NAMES, type DirectoryFilter } from '~/client/directory-filter';
import { FILTER_ALL } from '~/shared/brand-basics';
import { plural } from '~/i18n/plural';
import type { Translate } from '~/i18n/translate';
import FoldingFilters from './FoldingFilters';

interface Props {
  filter: DirectoryFilter;
  onChange: (filter: DirectoryFilter) => void;
  onReset: () => void;
  /** BCP 47 tag of the page's language, for the count of active filters. */
  localeTag: string;
  t: Translate;
}

/** The option label of a select value: 'all', a category, a floor or an availability. */
function optionLabel(name: (typeof SELECT_NAMES)[number], value: string, t: Translate): string {
  if (value === 'all') return t(`brands.filters.${name}All`);
  if (name === 'category') return t(`brands.category.${value}`);
  if (name === 'floor') return t(`brands.floor.${value}`);
  return t(value === 'true' ? 'status.open' : 'status.comingSoon');
}

/**
 * Search box and the three selects of the directory, with visible labels. On a phone the selects fold
 * behind a "Filters" button that counts the active ones, so the first screen shows brands, not controls;
 * the search stays in view. From the `sm` width up everything is always shown.
 */
export default function DirectoryFilters({ filter, onChange, onReset, localeTag, t }: Props) {
  const active = SELECT_NAMES.filter((name) => filter[name] !== FILTER_ALL).length;
  return (
    <form role="search" className="grid gap-4 rounded-xl border border-line bg-mist p-4 sm:grid-cols-2 lg:grid-cols-4" onSubmit={(e) => e.preventDefault()}>
      <label className="flex flex-col gap-1 text-sm font-medium text-ink">
        {t('brands.filters.search')}
        <input
          type="search"
          name="search"
          value={filter.search}
          placeholder={t('brands.filters.searchPlaceholder')}
          onChange={(e) => onChange({ ...filter, search: e.target.value })}
          className="rounded-md border border-muted bg-paper px-3 py-2 text-base"
        />
      </label>
      {/* From sm up the selects sit in the form's grid as before (`sm:contents`); on a phone they show when opened. */}
      <FoldingFilters
        id="directory-selects"
        label={t('brands.filters.toggle')}
        count={active > 0 && <span className="rounded-full bg-brass-strong px-2 py-0.5 text-xs text-white">{plural(t, localeTag, 'brands.filters.activeCount', active)}</span>}
        buttonClassName="flex min-h-11 items-center gap-2 rounded-md border border-muted bg-paper px-3 text-sm font-semibold text-ink"
        panelClassName="gap-4 sm:contents"
        buttonTestId="filters-toggle"
      >
        {SELECT_NAMES.map((name) => (
          <label key={name} className="flex flex-col gap-1 text-sm font-medium text-ink">
            {t(`brands.filters.${name}`)}
            <select
              name={name}
              value={filter[name]}
              onChange={(e) => onChange({ ...filter, [name]: e.target.value })}
              className="rounded-md border border-muted bg-paper px-3 py-2 text-base"
            >
              {FILTER_OPTIONS[name].map((value) => (
                <option key={value} value={value}>{optionLabel(name, value, t)}</option>
              ))}
            </select>
          </label>
        ))}
      </FoldingFilters>
      {isFiltering(filter) && (
        <button type="button" onClick={onReset} className="justify-self-start text-sm font-semibold text-brass-strong underline underline-offset-2 sm:col-span-2 lg:col-span-4" data-testid="reset-filters">
          {t('brands.filters.reset')}
        </button>
      )}
    </form>
  );
}
