import type { UploadPurpose } from '../shared/uploads.ts';
import { HttpError } from './http.ts';
import { objectExists } from './storage.ts';

/**
 * Every path must be one of our own uploaded objects of `purpose`; otherwise 400 naming each bad
 * entry (`field` or `field.N`) with the dictionary key `message`. Blocks foreign or guessed paths.
 */
export async function requireOwnObjects(
  entries: { field: string; path: string }[],
  purpose: UploadPurpose,
  message: string,
): Promise<void> {
  const found = await Promise.all(entries.map((entry) => objectExists(entry.path, purpose)));
  const fields: Record<string, string> = {};
  entries.forEach((entry, index) => {
    if (!found[index]) fields[entry.field] = message;
  });
  if (Object.keys(fields).length > 0) {
    throw new HttpError(400, 'invalid_input', 'Some files are not uploads of this site', { fields });
  }
}
