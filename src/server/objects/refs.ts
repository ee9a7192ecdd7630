import { sql, type RawBuilder } from 'kysely';
import type { UploadPurpose } from '../../shared/uploads.ts';
import type { Db } from '../db/index.ts';
import { HttpError } from '../http/errors.ts';
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

/**
 * Every place a record refers to an uploaded object, one query each yielding `path`. The sweep keeps
 * exactly the objects these name: a new table that stores object paths (units' plans…) adds one line.
 */
export const OBJECT_REFERENCES: readonly RawBuilder<{ path: string }>[] = [
  sql`select thumbnail as path from brands where thumbnail is not null`,
  sql`select unnest(images) as path from brands`,
  sql`select unnest(attachments) as path from inquiries`,
  sql`select plan as path from units where plan is not null`,
];

/** Which of `paths` some record refers to. */
export async function referencedObjects(db: Db, paths: readonly string[]): Promise<Set<string>> {
  const found = new Set<string>();
  for (let start = 0; start < paths.length; start += 500) {
    const chunk = paths.slice(start, start + 500);
    const rows = await sql<{ path: string }>`select distinct path from (${sql.join(OBJECT_REFERENCES, sql` union all `)}) refs where path in (${sql.join(chunk)})`.execute(db);
    for (const row of rows.rows) found.add(row.path);
  }
  return found;
}
