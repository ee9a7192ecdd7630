import { BRAND_CATEGORIES, BRAND_FLOORS, FILTER_ALL } from '../shared/brand-basics.ts';
import { readUrl, type Query } from './api.ts';

/** The directory's filters as the visitor sets them; the URL carries the same names as the API. */
export interface DirectoryFilter {
  search: string;
  category: string;
  floor: string;
  isAvailable: string;
}

export const FILTER_OPTIONS = {
  category: [FILTER_ALL, ...BRAND_CATEGORIES],
  // Every floor a brand can be registered on (the brand schema's list): a 12F tenant must be findable.
  floor: [FILTER_ALL, ...BRAND_FLOORS],
  isAvailable: [FILTER_ALL, 'true', 'false'],
} as const;

type SelectName = keyof typeof FILTER_OPTIONS;
export const SELECT_NAMES = Object.keys(FILTER_OPTIONS) as SelectName[];

export const EMPTY_FILTER: DirectoryFilter = { search: '', category: FILTER_ALL, floor: FILTER_ALL, isAvailable: FILTER_ALL };

/** The filter a shared or reloaded URL describes; unknown values fall back to 'all'. */
export function filterFromSearch(search: string): DirectoryFilter {
  const params = new URLSearchParams(search);
  const filter = { ...EMPTY_FILTER, search: params.get('search') ?? '' };
  for (const name of SELECT_NAMES) {
    const value = params.get(name);
    if (value && (FILTER_OPTIONS[name] as readonly string[]).includes(value)) filter[name] = value;
  }
  return filter;
}

/** The query of GET /api/brands: each filter omitted when 'all' or empty (spec §7). */
export function filterQuery(filter: DirectoryFilter): Query {
  const query: Query = {};
  const search = filter.search.trim();
  if (search) query.search = search;
  for (const name of SELECT_NAMES) if (filter[name] !== FILTER_ALL) query[name] = filter[name];
  return query;
}

/** The page URL's query for a filter, e.g. '?category=F%26B&search=cafe', or '' when nothing filters. */
export function filterSearchString(filter: DirectoryFilter): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(filterQuery(filter))) params.set(name, String(value));
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** True when any filter narrows the list (the reset control shows then). */
export function isFiltering(filter: DirectoryFilter): boolean {
  return Object.keys(filterQuery(filter)).length > 0;
}

/** The list URL the directory reads on an unfiltered visit; the page preloads exactly this URL. */
export const DIRECTORY_LIST_URL = readUrl(['/api/brands', filterQuery(EMPTY_FILTER)]);
