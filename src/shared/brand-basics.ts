import type { Locale } from '../i18n/locales.ts';

/**
 * The brand rules that carry no validation: categories, floors, display counts, ordering. Public
 * islands import from here (never from brand.ts, whose valibot schemas the admin form needs), so the
 * home page and the directory ship no validation library.
 */

/** Business categories a brand can have (spec §3). The label of each is `brands.category.<value>`. */
export const BRAND_CATEGORIES = ['F&B', 'Medical', 'Office', 'Retail', 'Service', 'Education', 'Beauty'] as const;
export type BrandCategory = (typeof BRAND_CATEGORIES)[number];

/** Floors a brand can be registered on in the admin form: B1 and 1F to 14F. */
export const BRAND_FLOORS = ['B1', ...Array.from({ length: 14 }, (_, i) => `${i + 1}F`)] as readonly string[];
/** Floors the public directory filter offers: every floor a brand can be on (a 12F tenant must be findable). */
export const DIRECTORY_FLOORS = BRAND_FLOORS;

/** Languages a brand's name and description may be given in besides Korean, which is required. */
export const BRAND_TEXT_LOCALES = ['en', 'zh', 'ja'] as const;
export type BrandTextLocale = (typeof BRAND_TEXT_LOCALES)[number];
/** A brand text per extra language; a language left out (or blank in the form) falls back to Korean. */
export type BrandTexts = Partial<Record<BrandTextLocale, string>>;
/** A brand's tags per extra language; a language without tags shows the Korean ones. */
export type BrandTagTexts = Partial<Record<BrandTextLocale, string[]>>;

/** A stored brand as the API returns it. */
export interface Brand {
  id: string;
  name: string;
  description: string | null;
  category: BrandCategory;
  floor: string;
  unit: string | null;
  area: string | null;
  isAvailable: boolean;
  thumbnail: string | null;
  contactInfo: { phone?: string; email?: string; website?: string };
  images: string[];
  tags: string[];
  /**
   * The name and description in English, Chinese and Japanese where the admin gave them; `name` is Korean.
   * The API always sends both (`{}` when none); optional so code and fixtures from before need no change.
   */
  nameI18n?: BrandTexts;
  descriptionI18n?: BrandTexts;
  /** The tags in English, Chinese and Japanese where the admin gave them; `tags` are Korean (always sent, `{}` when none). */
  tagsI18n?: BrandTagTexts;
  /** Its page's address, /brands/<slug>/, given by the database from the name (optional for older fixtures). */
  slug?: string | null;
  createdAt: string | null;
  updatedAt: string | null;
  /** The lost-update check's version (src/shared/versions.ts); the API always sends it (optional for older fixtures). */
  version?: number;
  /**
   * Its place in the directory (issue 40; src/shared/leases/directory.ts): visitors get `coming_soon` and `open`
   * brands only. `openingOn` (YYYY-MM-DD) is when a coming-soon brand opens. Optional for older fixtures.
   */
  directoryState?: 'hidden' | 'coming_soon' | 'open' | 'closed';
  openingOn?: string | null;
}

/** The value a directory filter takes when it does not filter. */
export const FILTER_ALL = 'all';

/** At most this many tags are shown on a brand card; the home strip shows this many brands. */
export const CARD_MAX_TAGS = 3;
export const HOME_BRAND_COUNT = 3;
/** Debounce of the directory search box, in ms. */
export const SEARCH_DEBOUNCE_MS = 300;

/**
 * Newest first; a brand without createdAt counts as the oldest (spec §3).
 * @example brands.toSorted(byNewest)
 */
export function byNewest(a: { createdAt: string | null }, b: { createdAt: string | null }): number {
  const ta = a.createdAt ? Date.parse(a.createdAt) : -Infinity;
  const tb = b.createdAt ? Date.parse(b.createdAt) : -Infinity;
  return tb === ta ? 0 : tb > ta ? 1 : -1;
}

/**
 * The brand's name and description in the visitor's language, Korean where none was given.
 * @example brandText({ name: '카페', description: '…', nameI18n: { en: 'Cafe' }, descriptionI18n: {} }, 'en').name // 'Cafe'
 */
export function brandText(
  brand: Pick<Brand, 'name' | 'description' | 'nameI18n' | 'descriptionI18n'>,
  locale: Locale,
): { name: string; description: string | null } {
  if (locale === 'ko') return { name: brand.name, description: brand.description };
  return {
    name: brand.nameI18n?.[locale] || brand.name,
    description: brand.descriptionI18n?.[locale] || brand.description,
  };
}

/**
 * The brand's tags in the visitor's language: the ones given for it, else the Korean ones (as brandText falls back).
 * @example brandTags({ tags: ['치과'], tagsI18n: { en: ['Dentist'] } }, 'en') // ['Dentist']
 * @example brandTags({ tags: ['치과'], tagsI18n: { en: ['Dentist'] } }, 'ja') // ['치과']
 */
export function brandTags(brand: Pick<Brand, 'tags' | 'tagsI18n'>, locale: Locale): string[] {
  if (locale === 'ko') return brand.tags;
  const given = brand.tagsI18n?.[locale];
  return given && given.length > 0 ? given : brand.tags;
}

/** The brand with its name and description in `locale` (see brandText), for components that show a Brand. */
export function localizedBrand<T extends Pick<Brand, 'name' | 'description' | 'nameI18n' | 'descriptionI18n'>>(brand: T, locale: Locale): T {
  return { ...brand, ...brandText(brand, locale) };
}

let monthFormats: Map<string, Intl.DateTimeFormat> | undefined;
/**
 * A day's month as the reader's language writes it: '2027년 3월', 'March 2027', '2027年3月'. Made once per
 * language, when first asked (a formatter costs tens of ms on a phone).
 * @example openingMonth('2027-03-15', 'ko-KR') // '2027년 3월'
 */
export function openingMonth(day: string, tag: string): string {
  monthFormats ??= new Map();
  let format = monthFormats.get(tag);
  if (!format) monthFormats.set(tag, (format = new Intl.DateTimeFormat(tag, { year: 'numeric', month: 'long', timeZone: 'UTC' })));
  return format.format(new Date(`${day}T00:00:00Z`));
}

/**
 * What a brand's status badge says (the dictionary key and its values): a coming-soon brand of a lease with its
 * month ("2027년 3월 오픈 예정", issue 40), else open or coming soon as the team set it (`isAvailable`).
 * @example brandStatus({ isAvailable: true, directoryState: 'coming_soon', openingOn: '2027-03-15' }, 'ko-KR') // { key: 'status.comingSoonOn', params: { month: '2027년 3월' }, open: false }
 */
export function brandStatus(brand: Pick<Brand, 'isAvailable' | 'directoryState' | 'openingOn'>, tag: string): { key: string; params: Record<string, string>; open: boolean } {
  if (brand.directoryState === 'coming_soon' && brand.openingOn) return { key: 'status.comingSoonOn', params: { month: openingMonth(brand.openingOn, tag) }, open: false };
  return brand.isAvailable ? { key: 'status.open', params: {}, open: true } : { key: 'status.comingSoon', params: {}, open: false };
}
