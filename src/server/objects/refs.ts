import { sql, type RawBuilder } from 'kysely';
import type { UploadPurpose } from '../../shared/uploads.ts';
import type { Db } from '../db/index.ts';
import { HttpError } from '../http/errors.ts';
import { objectExists } from './storage.ts';
import { UNDO_WINDOW_MS } from '../../shared/undo.ts';
import type { UndoableEntity } from '../undo.ts';

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
 * A brand or unit deleted since `restorableSince` (within the undo window) still refers to its images:
 * the undo brings it back with them.
 */
export function objectReferences(restorableSince: Date): RawBuilder<{ path: string }>[] {
  const restorable = (entity: UndoableEntity) => sql`entity = ${entity} and deleted_at >= ${restorableSince}`;
  return [
    sql`select thumbnail as path from brands where thumbnail is not null`,
    sql`select unnest(images) as path from brands`,
    sql`select unnest(attachments) as path from inquiries`,
    sql`select plan as path from units where plan is not null`,
    sql`select document_path as path from leases where document_path is not null`,
    sql`select record->>'thumbnail' as path from deleted_records where ${restorable('brand')}`,
    sql`select jsonb_array_elements_text(record->'images') as path from deleted_records where ${restorable('brand')} and jsonb_typeof(record->'images') = 'array'`,
    sql`select record->>'plan' as path from deleted_records where ${restorable('unit')}`,
  ];
}

/** Which of `paths` some record refers to, counting records deleted within the undo window before `now`. */
export async function referencedObjects(db: Db, paths: readonly string[], now = Date.now()): Promise<Set<string>> {
  const found = new Set<string>();
  const references = objectReferences(new Date(now - UNDO_WINDOW_MS));
  for (let start = 0; start < paths.length; start += 500) {
    const chunk = paths.slice(start, start + 500);
    const rows = await sql<{ path: string }>`select distinct path from (${sql.join(references, sql` union all `)}) refs where path in (${sql.join(chunk)})`.execute(db);
    for (const row of rows.rows) found.add(row.path);
  }
  return found;
}
