import type { Translate } from '~/i18n/translate';
import { ApiError } from '~/client/api';

/**
 * How a refused lease write reads (docs/api/leases.md's codes), kept apart from the lease's forms so the inquiry's
 * lease section can say it without loading them.
 */

/** The dictionary key of an error code's words: `lease_signed` → `leases.errors.leaseSigned`. */
export const leaseCodeKey = (code: string) => `leases.errors.${code.replace(/_([a-z])/g, (_, letter: string) => letter.toUpperCase())}`;

/** What a refused write says: the first field's message, else the code's words, else a general failure. */
export function leaseRefusal(error: unknown, t: Translate): string {
  if (!(error instanceof ApiError)) return t('leasePanel.errors.generic');
  const field = Object.values(error.fields ?? {})[0];
  if (field && t(field) !== field) return t(field);
  const key = error.code ? leaseCodeKey(error.code) : '';
  return key && t(key) !== key ? t(key) : t('leasePanel.errors.generic');
}

/** A 400's messages by field, as the API names them (`businessNumber`, `dates.handoverOn`); null for any other refusal. */
export function fieldsOf(error: unknown): Record<string, string> | null {
  if (!(error instanceof ApiError) || error.status !== 400 || !error.fields) return null;
  return Object.fromEntries(Object.entries(error.fields).map(([path, key]) => [path.replace(/^terms\./, '').replace(/^tenant\./, ''), key]));
}
