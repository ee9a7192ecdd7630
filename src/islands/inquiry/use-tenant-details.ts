import { useState } from 'react';
import type { Locale } from '~/i18n/locales';
import type { PreferredContact } from '~/shared/inquiry-basics';
import { readVisitSource } from '~/scripts/visit-source';
import { ApiError } from '~/client/api';

/** The optional details of an inquiry, by the name POST /api/inquiries gives them. */
export const DETAIL_FIELDS = ['company', 'businessType', 'desiredFloors', 'desiredAreaM2', 'moveInDate', 'preferredContact'] as const;
export type DetailField = (typeof DETAIL_FIELDS)[number];

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

const EMPTY: DetailValues = { company: '', businessType: '', desiredFloors: [], areaMin: '', areaMax: '', moveInDate: '', preferredContact: '' };
/** Which field an input belongs to, for clearing its error when it changes. */
const FIELD_OF: Record<keyof DetailValues, DetailField> = {
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

/** Issues as valibot reports them; only their path and message are read. */
type Issue = { message: string; path?: readonly { key: unknown }[] };

/**
 * The state of the optional details group, its field errors, and its part of the inquiry's body. The
 * contact form keeps its own fields; this hook is everything the details add.
 */
export function useTenantDetails(locale: Locale) {
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<DetailField, string>>>({});
  const [open, setOpen] = useState(false);

  function set<K extends keyof DetailValues>(key: K, value: DetailValues[K]) {
    setValues((old) => ({ ...old, [key]: value }));
    setErrors(({ [FIELD_OF[key]]: _dropped, ...rest }) => rest);
  }

  /** The details, the page's language and the visit's source, as POST /api/inquiries takes them. */
  function body() {
    const min = areaOf(values.areaMin);
    const max = areaOf(values.areaMax);
    return {
      company: values.company,
      businessType: values.businessType || null,
      desiredFloors: values.desiredFloors,
      desiredAreaM2: min === null && max === null ? null : { min, max },
      moveInDate: values.moveInDate || null,
      preferredContact: values.preferredContact || null,
      locale,
      source: readVisitSource(),
    };
  }

  /**
   * Shows the errors of the details among `fields` (dot paths → message keys, as the server answers and
   * the shared schema reports: `desiredAreaM2.min` is the area's) and opens the group if one is there.
   */
  function markErrors(fields: Record<string, string> | undefined): void {
    const found: Partial<Record<DetailField, string>> = {};
    for (const [path, message] of Object.entries(fields ?? {})) {
      const field = path.split('.')[0] as DetailField;
      if (DETAIL_FIELDS.includes(field)) found[field] ??= message;
    }
    setErrors(found);
    if (Object.keys(found).length > 0) setOpen(true);
  }

  /** The same, from the issues of a failed parse in the browser. */
  function markIssues(issues: readonly Issue[]): void {
    markErrors(Object.fromEntries(issues.map((issue) => [issue.path?.map((item) => String(item.key)).join('.') ?? '', issue.message]).reverse()));
  }

  /** The field errors of a refused send (a 400 naming details fields); other failures mark nothing. */
  function markFailure(error: unknown): void {
    markErrors(error instanceof ApiError ? error.fields : undefined);
  }

  function reset() {
    setValues(EMPTY);
    setErrors({});
  }

  return { values, errors, open, setOpen, set, body, markIssues, markFailure, reset };
}

export type TenantDetails = ReturnType<typeof useTenantDetails>;
