import * as v from 'valibot';
import { BrandInputSchema, type Brand, type BrandInput } from '../shared/brand.ts';

/**
 * The admin brand form as typed. Tags (comma-separated) and images (one object path a line) have no
 * inputs (spec §5) and carry the edited brand's own values into the payload.
 */
export interface BrandFormValues {
  name: string;
  description: string;
  category: string;
  floor: string;
  unit: string;
  area: string;
  isAvailable: boolean;
  thumbnail: string;
  phone: string;
  email: string;
  website: string;
  tags: string;
  images: string;
}
export type BrandFormField = keyof BrandFormValues;
/** Field name → dictionary key of its validation message. */
export type BrandFormErrors = Partial<Record<BrandFormField, string>>;

export const EMPTY_BRAND_FORM: BrandFormValues = {
  name: '', description: '', category: '', floor: '', unit: '', area: '', isAvailable: true, thumbnail: '',
  phone: '', email: '', website: '', tags: '', images: '',
};

export function formFromBrand(brand: Brand): BrandFormValues {
  return {
    name: brand.name,
    description: brand.description ?? '',
    category: brand.category,
    floor: brand.floor,
    unit: brand.unit ?? '',
    area: brand.area ?? '',
    isAvailable: brand.isAvailable,
    thumbnail: brand.thumbnail ?? '',
    phone: brand.contactInfo.phone ?? '',
    email: brand.contactInfo.email ?? '',
    website: brand.contactInfo.website ?? '',
    tags: brand.tags.join(', '),
    images: brand.images.join('\n'),
  };
}

const splitList = (text: string, separator: RegExp) => text.split(separator).map((s) => s.trim()).filter(Boolean);

/** The request body of POST/PUT /api/brands. */
function payload(values: BrandFormValues) {
  const { phone, email, website, tags, images, ...rest } = values;
  return { ...rest, contactInfo: { phone, email, website }, tags: splitList(tags, /,/), images: splitList(images, /\n/) };
}

/** A field of the form for a validation path: 'contactInfo.email' → 'email', 'tags.2' → 'tags'. */
export function formFieldOf(path: string): BrandFormField | undefined {
  const [first, second] = path.split('.');
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

/** Maps the server's `fields` (path → message key) onto the form. */
export function errorsFromServer(fields: Record<string, string>): BrandFormErrors {
  const errors: BrandFormErrors = {};
  for (const [path, key] of Object.entries(fields)) {
    const field = formFieldOf(path);
    if (field && !errors[field]) errors[field] = key;
  }
  return errors;
}
