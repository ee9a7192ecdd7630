import { useEffect, useState } from 'react';
import type { Locale } from '~/i18n/locales';
import { ApiError } from '~/client/api';
import { readVisitSource } from '~/client/kept-visit-source';
import {
  EMPTY_DETAILS, FIELD_OF, detailErrorsOf, detailsBody, detailsFromQuery, type DetailErrors, type DetailValues,
} from '~/client/tenant-details-model';
import { BRAND_CATEGORIES } from '~/shared/brand-basics';
import { UNIT_FLOORS } from '~/shared/units/basics';

/** What the address fills in (a leased space's "ask about similar spaces"), read once when the form mounts. */
function initialDetails(): DetailValues {
  return detailsFromQuery(new URLSearchParams(location.search), UNIT_FLOORS, BRAND_CATEGORIES);
}

/**
 * The state of the optional details group, its field errors, and its part of the inquiry's body. The
 * contact form keeps its own fields; this hook is everything the details add.
 */
export function useTenantDetails(locale: Locale) {
  const [values, setValues] = useState(EMPTY_DETAILS);
  const [errors, setErrors] = useState<DetailErrors>({});
  const [open, setOpen] = useState(false);
  // After hydration (the pre-rendered form is empty): what a link filled in, shown open so the visitor sees it.
  useEffect(() => {
    const filled = initialDetails();
    if (JSON.stringify(filled) === JSON.stringify(EMPTY_DETAILS)) return;
    setValues(filled);
    setOpen(true);
  }, []);

  function set<K extends keyof DetailValues>(key: K, value: DetailValues[K]) {
    setValues((old) => ({ ...old, [key]: value }));
    setErrors(({ [FIELD_OF[key]]: _dropped, ...rest }) => rest);
  }

  /** The details, the page's language and the visit's source, as POST /api/inquiries takes them. */
  function body() {
    return { ...detailsBody(values), locale, source: readVisitSource() };
  }

  /** Shows the errors of the details among `fields` and opens the group if one is there. */
  function markErrors(fields: Record<string, string> | undefined): void {
    const found = detailErrorsOf(fields);
    setErrors(found);
    if (Object.keys(found).length > 0) setOpen(true);
  }

  return {
    values, errors, open, setOpen, set, body,
    /** The same, from field paths and messages (the form's own check). */
    markFields: markErrors,
    /** The field errors of a refused send (a 400 naming details fields); other failures mark nothing. */
    markFailure: (error: unknown) => markErrors(error instanceof ApiError ? error.fields : undefined),
    reset() {
      setValues(EMPTY_DETAILS);
      setErrors({});
    },
    /** Details kept from an earlier page of this visit (the group opens if it was open). */
    restore(kept: DetailValues, keptOpen: boolean) {
      setValues(kept);
      if (keptOpen) setOpen(true);
    },
    /** Ticks the floor of the space the inquiry is about, unless the visitor has chosen floors already. */
    suggestFloor(floor: string) {
      setValues((old) => (old.desiredFloors.length > 0 ? old : { ...old, desiredFloors: [floor] }));
    },
  };
}

export type TenantDetails = ReturnType<typeof useTenantDetails>;
