import { FILTER_OPTIONS, isFiltering, SELECT_NAMES, type DirectoryFilter } from '~/client/directory-filter';
import type { Translate } from '~/i18n/translate';

interface Props {
  filter: DirectoryFilter;
  onChange: (filter: DirectoryFilter) => void;
  onReset: () => void;
  t: Translate;
}

/** The option label of a select value: 'all', a category, a floor or an availability. */
function optionLabel(name: (typeof SELECT_NAMES)[number], value: string, t: Translate): string {
  if (value === 'all') return t(`brands.filters.${name}All`);
  if (name === 'category') return t(`brands.category.${value}`);
  if (name === 'floor') return t(`brands.floor.${value}`);
  return t(value === 'true' ? 'status.open' : 'status.comingSoon');
}

/** Search box and the three selects of the directory, with visible labels. */
export default function DirectoryFilters({ filter, onChange, onReset, t }: Props) {
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
      {isFiltering(filter) && (
        <button type="button" onClick={onReset} className="justify-self-start text-sm font-semibold text-brass-strong underline underline-offset-2 sm:col-span-2 lg:col-span-4" data-testid="reset-filters">
          {t('brands.filters.reset')}
        </button>
      )}
    </form>
  );
}
