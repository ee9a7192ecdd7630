import { HttpError } from './errors.ts';

/**
 * Postgres text cannot hold U+0000: a NUL in any string would fail in the database as a 500. Reject it
 * up front as bad input (400), naming each field. Walks objects and arrays of validated input.
 */
export function assertStorableText(value: unknown, path = ''): void {
  const fields: Record<string, string> = {};
  collect(value, path, fields);
  if (Object.keys(fields).length > 0) {
    throw new HttpError(400, 'invalid_text', 'Text may not contain NUL characters', { fields });
  }
}

function collect(value: unknown, path: string, fields: Record<string, string>): void {
  if (typeof value === 'string') {
    if (value.includes('\u0000')) fields[path || '_'] = 'invalid_text';
  } else if (Array.isArray(value)) {
    value.forEach((item, i) => collect(item, path ? `${path}.${i}` : String(i), fields));
  } else if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) collect(item, path ? `${path}.${key}` : key, fields);
  }
}

/**
 * Control characters (C0, DEL, C1), the quote and the bidirectional marks and overrides (U+200E/F,
 * U+202A–E, U+2066–9, U+061C): a download named `invoice\u202Efdp.exe` would show as `invoiceexe.pdf`.
 */
const UNSAFE_IN_FILENAME = /[\u0000-\u001f\u007f-\u009f"\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/** A file name as it may be stored and offered for download: unsafe characters removed, trimmed. */
export function printableFilename(name: string): string {
  return name.replace(UNSAFE_IN_FILENAME, '').trim();
}
