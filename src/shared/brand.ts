import * as v from 'valibot';
import { OBJECT_PATH_PATTERN } from './uploads.ts';
import { objectMessages } from './object-messages.ts';

import { BRAND_CATEGORIES, BRAND_FLOORS, FILTER_ALL, type Brand, type BrandTagTexts, type BrandTextLocale, type BrandTexts } from './brand-basics.ts';

// The plain constants live in brand-basics.ts, so public islands can use them without the schemas
// below (and valibot) in their bundle; re-exported here so every other import stays as it was.
export * from './brand-basics.ts';

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

/** `{en?, zh?, ja?}` of trimmed texts of at most `max` characters; blank entries are dropped. */
const brandTextsSchema = (max: number) => {
  const text = v.optional(v.pipe(v.string(msg('tooLong')), v.trim(), v.maxLength(max, msg('tooLong'))));
  const texts = v.strictObject({ en: text, zh: text, ja: text } satisfies Record<BrandTextLocale, unknown>, msg('unknownField'));
  return v.optional(v.pipe(texts, v.transform((given): BrandTexts => Object.fromEntries(Object.entries(given).filter(([, value]) => value)))));
};

/** One tag as the admin types it; the limits are BRAND_LIMITS.tag and .tags. */
export const TagSchema = v.pipe(v.string(msg('tagEmpty')), v.trim(), v.nonEmpty(msg('tagEmpty')), v.maxLength(BRAND_LIMITS.tag, msg('tagTooLong')));
const TagsSchema = v.pipe(v.array(TagSchema), v.maxLength(BRAND_LIMITS.tags, msg('tooManyTags')));

/** `{en?, zh?, ja?}` of tag lists under the same limits as the Korean tags; empty lists are dropped (Korean shows instead). */
const brandTagTextsSchema = () => {
  const tags = v.optional(TagsSchema);
  const texts = v.strictObject({ en: tags, zh: tags, ja: tags } satisfies Record<BrandTextLocale, unknown>, msg('unknownField'));
  return v.optional(v.pipe(texts, v.transform((given): BrandTagTexts => Object.fromEntries(Object.entries(given).filter(([, list]) => list && list.length > 0)))));
};

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
  tags: v.optional(TagsSchema, []),
  nameI18n: brandTextsSchema(BRAND_LIMITS.name),
  descriptionI18n: brandTextsSchema(BRAND_LIMITS.description),
  tagsI18n: brandTagTextsSchema(),
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

/** Query of GET /api/brands. Each filter is omitted when 'all' or empty (spec §7). */
export const BrandFilterSchema = v.object({
  category: v.optional(v.union([v.literal(FILTER_ALL), v.picklist(BRAND_CATEGORIES)])),
  floor: v.optional(v.union([v.literal(FILTER_ALL), v.picklist(BRAND_FLOORS as [string, ...string[]])])),
  isAvailable: v.optional(v.picklist(['true', 'false', FILTER_ALL])),
  search: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(100))),
});
export type BrandFilter = v.InferOutput<typeof BrandFilterSchema>;

/** The fields of a brand's input, as the conflict dialog compares an edit with what is stored (decision 033). */
export const BRAND_INPUT_FIELDS = [
  'name', 'description', 'category', 'floor', 'unit', 'area', 'isAvailable', 'thumbnail', 'contactInfo', 'images', 'tags', 'nameI18n', 'descriptionI18n', 'tagsI18n',
] as const satisfies readonly (keyof BrandInput)[];

/** A stored brand's input fields (no id or dates): what stores it again unchanged, as the undo of a delete does. */
export function inputFromBrand(brand: Brand): BrandInput {
  const { id: _id, createdAt: _created, updatedAt: _updated, version: _version, directoryState: _state, openingOn: _opening, ...input } = brand;
  return {
    ...input,
    description: brand.description ?? '',
    unit: brand.unit ?? '',
    area: brand.area ?? '',
    thumbnail: brand.thumbnail ?? '',
    contactInfo: { phone: '', email: '', website: '', ...brand.contactInfo },
    nameI18n: brand.nameI18n ?? {},
    descriptionI18n: brand.descriptionI18n ?? {},
    tagsI18n: brand.tagsI18n ?? {},
  };
}
