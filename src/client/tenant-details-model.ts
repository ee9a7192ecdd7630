import type { PreferredContact } from '../shared/inquiry-basics.ts';

/** The optional details of an inquiry, by the name POST /api/inquiries gives them. */
export const DETAIL_FIELDS = ['company', 'businessType', 'desiredFloors', 'desiredAreaM2', 'moveInDate', 'preferredContact'] as const;
export type DetailField = (typeof DETAIL_FIELDS)[number];
export type DetailErrors = Partial<Record<DetailField, string>>;

/** What the visitor typed, as the inputs hold it (areas as typed text, '' for nothing chosen). */
export interface DetailValues {
  company: string;
  businessType: string;
  desiredFloors: string[];
  areaMin: string;
  areaMax: string;
  moveInDate: string;
  preferredContact: '' | PreferredContact;
}

export const EMPTY_DETAILS: DetailValues = { company: '', businessType: '', desiredFloors: [], areaMin: '', areaMax: '', moveInDate: '', preferredContact: '' };

/**
 * The details a link fills in: `/contact?floor=8F&areaMin=80&areaMax=125&use=Medical` is what a leased
 * space's "ask about similar spaces" sends (src/shared/share-paths.ts). Values the form would not offer
 * are dropped; the visitor sees and can change all of them before sending.
 */
export function detailsFromQuery(query: URLSearchParams, floors: readonly string[], uses: readonly string[]): DetailValues {
  const area = (name: string) => (/^\d+(\.\d+)?$/.test(query.get(name) ?? '') ? query.get(name)! : '');
  const floor = query.get('floor') ?? '';
  const use = query.get('use') ?? '';
  return {
    ...EMPTY_DETAILS,
    desiredFloors: floors.includes(floor) ? [floor] : [],
    areaMin: area('areaMin'),
    areaMax: area('areaMax'),
    businessType: uses.includes(use) ? use : '',
  };
}

/** Which field an input belongs to, for clearing its error when it changes. */
export const FIELD_OF: Record<keyof DetailValues, DetailField> = {
  company: 'company',
  businessType: 'businessType',
  desiredFloors: 'desiredFloors',
  areaMin: 'desiredAreaM2',
  areaMax: 'desiredAreaM2',
  moveInDate: 'moveInDate',
  preferredContact: 'preferredContact',
};

/** A typed area in m²: blank is none; anything else a number (NaN is refused by the shared schema). */
const areaOf = (text: string) => (text.trim() === '' ? null : Number(text));

/**
 * The details as POST /api/inquiries takes them: nothing chosen is null, and the shared schema does the rest
 * (it trims the company, and a blank one is null).
 */
export function detailsBody(values: DetailValues) {
  const min = areaOf(values.areaMin);
  const max = areaOf(values.areaMax);
  return {
    company: values.company,
    businessType: values.businessType || null,
    desiredFloors: values.desiredFloors,
    desiredAreaM2: min === null && max === null ? null : { min, max },
    moveInDate: values.moveInDate || null,
    preferredContact: values.preferredContact || null,
  };
}

/**
 * The errors of the details among `fields` (dot paths → message keys, as the server answers): a path
 * below a field is that field's (`desiredAreaM2.min`, `desiredFloors.2`); the first message wins.
 */
export function detailErrorsOf(fields: Record<string, string> | undefined): DetailErrors {
  const found: DetailErrors = {};
  for (const [path, message] of Object.entries(fields ?? {})) {
    const field = path.split('.')[0] as DetailField;
    if (DETAIL_FIELDS.includes(field)) found[field] ??= message;
  }
  return found;
}
