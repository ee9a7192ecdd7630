import * as v from 'valibot';
import { BRAND_TEXT_LOCALES, BrandInputSchema, type Brand, type BrandInput, type BrandTextLocale } from '../shared/brand.ts';

/** The name or description in each extra language as typed; an empty one falls back to Korean. */
export type BrandFormTexts = Record<BrandTextLocale, string>;
/** The tags in each extra language as chips; none falls back to the Korean tags. */
export type BrandFormTags = Record<BrandTextLocale, string[]>;

/**
 * The admin brand form as typed. Tags are chips (src/islands/admin/TagsInput.tsx); images (one object
 * path a line) have no input and carry the edited brand's own values into the payload.
 */
export interface BrandFormValues {
  name: string;
  description: string;
  nameI18n: BrandFormTexts;
  descriptionI18n: BrandFormTexts;
  category: string;
  floor: string;
  unit: string;
  area: string;
  isAvailable: boolean;
  thumbnail: string;
  phone: string;
  email: string;
  website: string;
  tags: string[];
  tagsI18n: BrandFormTags;
  images: string;
}
export type BrandFormField = keyof BrandFormValues;
/** Field name → dictionary key of its validation message; per language for the translated texts ('nameI18n.en'). */
export type BrandFormErrors = Partial<Record<BrandFormField | `${TranslatedField}.${BrandTextLocale}`, string>>;
export type BrandFormErrorKey = keyof BrandFormErrors;

const NO_TEXTS: BrandFormTexts = { en: '', zh: '', ja: '' };
const NO_TAGS: BrandFormTags = { en: [], zh: [], ja: [] };
/** The fields given per extra language, on the form's language tabs. */
const TRANSLATED_FIELDS = ['nameI18n', 'descriptionI18n', 'tagsI18n'] as const;
type TranslatedField = (typeof TRANSLATED_FIELDS)[number];

export const EMPTY_BRAND_FORM: BrandFormValues = {
  name: '', description: '', nameI18n: NO_TEXTS, descriptionI18n: NO_TEXTS, category: '', floor: '', unit: '', area: '',
  isAvailable: true, thumbnail: '', phone: '', email: '', website: '', tags: [], tagsI18n: NO_TAGS, images: '',
};

/**
 * The fields in the order the form shows them: the first one with an error is where focus goes.
 * Translated texts sit under their Korean field, on their language tab.
 */
export const FORM_ORDER: readonly BrandFormErrorKey[] = [
  'name', 'description', 'tags',
  ...BRAND_TEXT_LOCALES.flatMap((locale) => [`nameI18n.${locale}`, `descriptionI18n.${locale}`, `tagsI18n.${locale}`] as const),
  'category', 'floor', 'unit', 'area', 'phone', 'email', 'website', 'isAvailable', 'thumbnail', 'images',
];

export function formFromBrand(brand: Brand): BrandFormValues {
  const texts = (given: Brand['nameI18n'] | undefined): BrandFormTexts => ({ ...NO_TEXTS, ...given });
  return {
    name: brand.name,
    description: brand.description ?? '',
    nameI18n: texts(brand.nameI18n),
    descriptionI18n: texts(brand.descriptionI18n),
    category: brand.category,
    floor: brand.floor,
    unit: brand.unit ?? '',
    area: brand.area ?? '',
    isAvailable: brand.isAvailable,
    thumbnail: brand.thumbnail ?? '',
    phone: brand.contactInfo.phone ?? '',
    email: brand.contactInfo.email ?? '',
    website: brand.contactInfo.website ?? '',
    tags: [...brand.tags],
    tagsI18n: { en: [...(brand.tagsI18n?.en ?? [])], zh: [...(brand.tagsI18n?.zh ?? [])], ja: [...(brand.tagsI18n?.ja ?? [])] },
    images: brand.images.join('\n'),
  };
}

const splitLines = (text: string) => text.split(/\n/).map((s) => s.trim()).filter(Boolean);

/** The request body of POST/PUT /api/brands. */
function payload(values: BrandFormValues) {
  const { phone, email, website, images, ...rest } = values;
  return { ...rest, contactInfo: { phone, email, website }, images: splitLines(images) };
}

/**
 * The form's place for a validation path.
 * @example formFieldOf('contactInfo.email') // 'email'
 * @example formFieldOf('tags.2') // 'tags'
 * @example formFieldOf('nameI18n.en') // 'nameI18n.en'
 * @example formFieldOf('tagsI18n.ja.0') // 'tagsI18n.ja'
 */
export function formFieldOf(path: string): BrandFormErrorKey | undefined {
  const [first, second] = path.split('.');
  if (TRANSLATED_FIELDS.includes(first as TranslatedField) && BRAND_TEXT_LOCALES.includes(second as BrandTextLocale)) {
    return `${first as TranslatedField}.${second as BrandTextLocale}`;
  }
  const field = first === 'contactInfo' ? second : first;
  return field && field in EMPTY_BRAND_FORM ? (field as BrandFormField) : undefined;
}

/** Validates with the same schema as the server: the body to send, or the message key per field. */
export function validateBrandForm(values: BrandFormValues): { input: BrandInput } | { errors: BrandFormErrors } {
  const result = v.safeParse(BrandInputSchema, payload(values));
  if (result.success) return { input: result.output };
  const errors: BrandFormErrors = {};
  for (const issue of result.issues) {
    const field = formFieldOf(v.getDotPath(issue) ?? '');
    if (field && !errors[field]) errors[field] = issue.message;
  }
  return { errors };
}

/** Maps the server's `fields` (path → message key) onto the form: the first message of each field. */
export function errorsFromServer(fields: Record<string, string>): BrandFormErrors {
  const errors: BrandFormErrors = {};
  for (const [path, key] of Object.entries(fields)) {
    const field = formFieldOf(path);
    if (field && !errors[field]) errors[field] = key;
  }
  return errors;
}

/** The first field with an error in the form's order. */
export function firstErrorField(errors: BrandFormErrors): BrandFormErrorKey | undefined {
  return FORM_ORDER.find((field) => errors[field]);
}
