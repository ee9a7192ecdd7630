/**
 * The inquiry rules that carry no validation: limits, contact choices, the utm keys. The visit-source
 * script on every public page imports from here (never from inquiry.ts, whose valibot schema it must not ship).
 */

export const INQUIRY_LIMITS = {
  name: 100,
  email: 254,
  phone: 40,
  message: 5000,
  company: 200,
  areaM2: 100_000,
  sourcePath: 500,
  referrer: 1000,
  utmValue: 200,
  note: 5000,
  search: 200,
} as const;

export const PREFERRED_CONTACTS = ['phone', 'email'] as const;
export type PreferredContact = (typeof PREFERRED_CONTACTS)[number];

export const UTM_KEYS = ['utm_source', 'utm_medium', 'utm_campaign', 'utm_term', 'utm_content'] as const;
export type UtmKey = (typeof UTM_KEYS)[number];

/**
 * The number a visitor quotes about an inquiry: the first 8 characters of its id, upper-cased. Shown to
 * the visitor after sending and in the admin's inbox detail, the same in both (issue 16).
 * @example inquiryReference('0b6c2f1e-9d3a-4c1b-8e2f-1234567890ab') // '0B6C2F1E'
 */
export function inquiryReference(id: string): string {
  return id.replace(/-/g, '').slice(0, 8).toUpperCase();
}

/**
 * The start of the id a quoted reference names, for the inbox search ("#0b6c2f1e", "0B6C2F1E"), or null when
 * the text is not a reference. An id's first 8 characters have no dash, so they are the reference as is.
 * @example referencePrefix(' #0B6C2F1E ') // '0b6c2f1e'
 */
export function referencePrefix(text: string): string | null {
  const quoted = /^#?([0-9a-f]{8})$/i.exec(text.trim());
  return quoted ? quoted[1]!.toLowerCase() : null;
}
