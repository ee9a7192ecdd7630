import * as v from 'valibot';
import { UNIT_LANGUAGES, UnitInputSchema, type Unit, type UnitInput, type UnitLanguage, type UnitStatus, type UnitUse } from '../shared/units/unit.ts';

/** The admin unit form as typed: numbers stay text until validated, so a half-typed "12." is kept. */
export interface UnitFormValues {
  floor: string;
  unitNumber: string;
  exclusiveAreaM2: string;
  supplyAreaM2: string;
  uses: UnitUse[];
  status: UnitStatus;
  availableFrom: string;
  monthlyRent: string;
  deposit: string;
  maintenanceFee: string;
  pricePublic: boolean;
  plan: string;
  note: Record<UnitLanguage, string>;
}
/** Form field (notes as `note.ko` …) → dictionary key of its message. */
export type UnitFormErrors = Record<string, string>;

export const EMPTY_UNIT_FORM: UnitFormValues = {
  floor: '', unitNumber: '', exclusiveAreaM2: '', supplyAreaM2: '', uses: [], status: 'available', availableFrom: '',
  monthlyRent: '', deposit: '', maintenanceFee: '', pricePublic: false, plan: '', note: { ko: '', en: '', zh: '', ja: '' },
};

const text = (value: number | null) => (value === null ? '' : String(value));

export function formFromUnit(unit: Unit): UnitFormValues {
  return {
    floor: unit.floor,
    unitNumber: unit.unitNumber,
    exclusiveAreaM2: String(unit.exclusiveAreaM2),
    supplyAreaM2: String(unit.supplyAreaM2),
    uses: unit.uses,
    status: unit.status,
    availableFrom: unit.availableFrom ?? '',
    monthlyRent: text(unit.monthlyRent),
    deposit: text(unit.deposit),
    maintenanceFee: text(unit.maintenanceFee),
    pricePublic: unit.pricePublic,
    plan: unit.plan ?? '',
    note: Object.fromEntries(UNIT_LANGUAGES.map((lang) => [lang, unit.note[lang] ?? ''])) as Record<UnitLanguage, string>,
  };
}

/** Text → number for the schema; empty stays missing (required areas) or null (optional prices), junk stays junk. */
const area = (value: string) => (value.trim() === '' ? undefined : Number(value.replace(/,/g, '')));
const price = (value: string) => (value.trim() === '' ? null : Number(value.replace(/,/g, '')));

function payload(values: UnitFormValues) {
  return {
    ...values,
    exclusiveAreaM2: area(values.exclusiveAreaM2),
    supplyAreaM2: area(values.supplyAreaM2),
    monthlyRent: price(values.monthlyRent),
    deposit: price(values.deposit),
    maintenanceFee: price(values.maintenanceFee),
  };
}

/** The form field a validation path belongs to: 'uses.2' → 'uses', 'note.en' stays. */
export function formFieldOf(path: string): string {
  return path.startsWith('note.') ? path : (path.split('.')[0] ?? path);
}

/** Validates with the same schema as the server: the body to send, or the message key per field. */
export function validateUnitForm(values: UnitFormValues): { input: UnitInput } | { errors: UnitFormErrors } {
  const result = v.safeParse(UnitInputSchema, payload(values));
  if (result.success) return { input: result.output };
  return { errors: errorsFromServer(Object.fromEntries(result.issues.map((issue) => [v.getDotPath(issue) ?? '', issue.message]))) };
}

/** Maps the server's `fields` (path → message key) onto the form. */
export function errorsFromServer(fields: Record<string, string>): UnitFormErrors {
  const errors: UnitFormErrors = {};
  for (const [path, key] of Object.entries(fields)) errors[formFieldOf(path)] ??= key;
  return errors;
}

/** The fields in the order the form shows them: the first one with an error is where focus goes. */
export const UNIT_FORM_ORDER: readonly string[] = [
  'floor', 'unitNumber', 'exclusiveAreaM2', 'supplyAreaM2', 'status', 'availableFrom', 'uses',
  'monthlyRent', 'deposit', 'maintenanceFee', 'pricePublic', 'plan', ...UNIT_LANGUAGES.map((lang) => `note.${lang}`),
];

/** The first field with an error, in the form's order. */
export function firstUnitError(errors: UnitFormErrors): string | undefined {
  return UNIT_FORM_ORDER.find((field) => errors[field]) ?? Object.keys(errors)[0];
}

/**
 * The shown errors after an edit: a field that is valid now loses its message at once, one still wrong
 * keeps it (with today's wording); a field never marked is not marked while the user is typing.
 */
export function remainingErrors(shown: UnitFormErrors, values: UnitFormValues): UnitFormErrors {
  if (Object.keys(shown).length === 0) return shown;
  const result = validateUnitForm(values);
  const now = 'errors' in result ? result.errors : {};
  return Object.fromEntries(Object.keys(shown).flatMap((field) => (now[field] ? [[field, now[field]]] : [])));
}
