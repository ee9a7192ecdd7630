import { HttpError } from './http.ts';

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
