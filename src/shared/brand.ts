import * as v from 'valibot';
import { OBJECT_PATH_PATTERN } from './uploads.ts';
import { objectMessages } from './object-messages.ts';
import type { Locale } from '../i18n/locales.ts';

/** Business categories a brand can have (spec §3). The label of each is `brands.category.<value>`. */
export const BRAND_CATEGORIES = ['F&B', 'Medical', 'Office', 'Retail', 'Service', 'Education', 'Beauty'] as const;
export type BrandCategory = (typeof BRAND_CATEGORIES)[number];

/** Floors a brand can be registered on in the admin form: B1 and 1F to 14F. */
export const BRAND_FLOORS = ['B1', ...Array.from({ length: 14 }, (_, i) => `${i + 1}F`)] as readonly string[];
/** Floors offered by the public directory filter: B1 and 1F to 10F (spec §2 Brands). */
export const DIRECTORY_FLOORS = BRAND_FLOORS.slice(0, 11);

/** The value a directory filter takes when it does not filter. */
export const FILTER_ALL = 'all';

/** At most this many tags are shown on a brand card; the home strip shows this many brands. */
export const CARD_MAX_TAGS = 3;
export const HOME_BRAND_COUNT = 3;
/** Debounce of the directory search box, in ms. */
export const SEARCH_DEBOUNCE_MS = 300;

export const BRAND_LIMITS = {
  name: 100,
  description: 2000,
  unit: 20,
  area: 40,
  phone: 40,
  email: 254,
  website: 2048,
  tag: 30,
  tags: 20,
  images: 20,
} as const;

/** Validation messages are dictionary keys, so the same rule speaks every language on the form and the server. */
const msg = (key: string) => `admin.brandForm.errors.${key}`;

const requiredText = (key: string, max: number) =>
  v.pipe(v.string(msg(key)), v.trim(), v.nonEmpty(msg(key)), v.maxLength(max, msg('tooLong')));

/** http(s) only: a `javascript:` or `data:` website would run script when a visitor clicks it. */
const WebsiteSchema = v.union(
  [
    v.literal(''),
    v.pipe(
      v.string(),
      v.trim(),
      v.maxLength(BRAND_LIMITS.website, msg('tooLong')),
      v.url(msg('websiteInvalid')),
      v.check((value) => /^https?:\/\//i.test(value), msg('websiteInvalid')),
    ),
  ],
  msg('websiteInvalid'),
);

export const ContactInfoSchema = v.strictObject({
  phone: requiredText('phoneRequired', BRAND_LIMITS.phone),
  email: v.pipe(
    v.string(msg('emailRequired')),
    v.trim(),
    v.nonEmpty(msg('emailRequired')),
    v.maxLength(BRAND_LIMITS.email, msg('tooLong')),
    v.email(msg('emailInvalid')),
  ),
  website: v.optional(WebsiteSchema, ''),
}, objectMessages({ phone: msg('phoneRequired'), email: msg('emailRequired') }, msg('phoneRequired'), msg('unknownField')));

/** Languages a brand's name and description may be given in besides Korean, which is required. */
export const BRAND_TEXT_LOCALES = ['en', 'zh', 'ja'] as const;
export type BrandTextLocale = (typeof BRAND_TEXT_LOCALES)[number];
/** A brand text per extra language; a language left out (or blank in the form) falls back to Korean. */
export type BrandTexts = Partial<Record<BrandTextLocale, string>>;

/** `{en?, zh?, ja?}` of trimmed texts of at most `max` characters; blank entries are dropped. */
const brandTextsSchema = (max: number) => {
  const text = v.optional(v.pipe(v.string(msg('tooLong')), v.trim(), v.maxLength(max, msg('tooLong'))));
  const texts = v.strictObject({ en: text, zh: text, ja: text } satisfies Record<BrandTextLocale, unknown>, msg('unknownField'));
  return v.optional(v.pipe(texts, v.transform((given): BrandTexts => Object.fromEntries(Object.entries(given).filter(([, value]) => value)))));
};

/** One tag as the admin types it; the limits are BRAND_LIMITS.tag and .tags. */
export const TagSchema = v.pipe(v.string(msg('tagEmpty')), v.trim(), v.nonEmpty(msg('tagEmpty')), v.maxLength(BRAND_LIMITS.tag, msg('tagTooLong')));

const ObjectPathSchema = v.pipe(v.string(msg('thumbnailRequired')), v.regex(OBJECT_PATH_PATTERN, msg('objectPathInvalid')));

/**
 * The brand form (spec §5), used by the admin form and by POST/PUT /api/brands alike.
 * Unknown fields are rejected rather than silently dropped.
 */
export const BrandInputSchema = v.strictObject({
  name: requiredText('nameRequired', BRAND_LIMITS.name),
  description: requiredText('descriptionRequired', BRAND_LIMITS.description),
  category: v.picklist(BRAND_CATEGORIES, msg('categoryRequired')),
  floor: v.picklist(BRAND_FLOORS as [string, ...string[]], msg('floorRequired')),
  unit: requiredText('unitRequired', BRAND_LIMITS.unit),
  area: requiredText('areaRequired', BRAND_LIMITS.area),
  isAvailable: v.optional(v.boolean(), true),
  thumbnail: v.pipe(v.string(msg('thumbnailRequired')), v.nonEmpty(msg('thumbnailRequired')), v.regex(OBJECT_PATH_PATTERN, msg('objectPathInvalid'))),
  contactInfo: ContactInfoSchema,
  images: v.optional(v.pipe(v.array(ObjectPathSchema), v.maxLength(BRAND_LIMITS.images, msg('tooMany'))), []),
  tags: v.optional(v.pipe(v.array(TagSchema), v.maxLength(BRAND_LIMITS.tags, msg('tooManyTags'))), []),
  nameI18n: brandTextsSchema(BRAND_LIMITS.name),
  descriptionI18n: brandTextsSchema(BRAND_LIMITS.description),
}, objectMessages(
  {
    name: msg('nameRequired'),
    description: msg('descriptionRequired'),
    category: msg('categoryRequired'),
    floor: msg('floorRequired'),
    unit: msg('unitRequired'),
    area: msg('areaRequired'),
    thumbnail: msg('thumbnailRequired'),
    contactInfo: msg('phoneRequired'),
  },
  msg('nameRequired'),
  msg('unknownField'),
));

export type BrandInput = v.InferOutput<typeof BrandInputSchema>;

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
  createdAt: string | null;
  updatedAt: string | null;
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

/** The brand with its name and description in `locale` (see brandText), for components that show a Brand. */
export function localizedBrand<T extends Pick<Brand, 'name' | 'description' | 'nameI18n' | 'descriptionI18n'>>(brand: T, locale: Locale): T {
  return { ...brand, ...brandText(brand, locale) };
}

/** Query of GET /api/brands. Each filter is omitted when 'all' or empty (spec §7). */
export const BrandFilterSchema = v.object({
  category: v.optional(v.union([v.literal(FILTER_ALL), v.picklist(BRAND_CATEGORIES)])),
  floor: v.optional(v.union([v.literal(FILTER_ALL), v.picklist(BRAND_FLOORS as [string, ...string[]])])),
  isAvailable: v.optional(v.picklist(['true', 'false', FILTER_ALL])),
  search: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(100))),
});
export type BrandFilter = v.InferOutput<typeof BrandFilterSchema>;

/**
 * Newest first; a brand without createdAt counts as the oldest (spec §3).
 * @example brands.toSorted(byNewest)
 */
export function byNewest(a: Pick<Brand, 'createdAt'>, b: Pick<Brand, 'createdAt'>): number {
  const ta = a.createdAt ? Date.parse(a.createdAt) : -Infinity;
  const tb = b.createdAt ? Date.parse(b.createdAt) : -Infinity;
  return tb === ta ? 0 : tb > ta ? 1 : -1;
}
