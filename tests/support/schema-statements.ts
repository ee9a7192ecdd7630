import { sql } from 'kysely';
import type { Db } from '../../src/server/db/index.ts';
import { loadSchema } from '../../src/server/db/schema.ts';

/**
 * schema.sql one statement at a time (PGlite's prepared statements take one): split at `;` ending a line outside
 * `$$` bodies, so a test can apply it again on its database.
 */
export function schemaStatements(schema: string): string[] {
  const statements: string[] = [];
  let current = '';
  for (const line of schema.split('\n')) {
    current += `${line}\n`;
    const insideBody = (current.match(/\$\$/g) ?? []).length % 2 === 1;
    if (!insideBody && /;\s*(--.*)?$/.test(line)) {
      statements.push(current);
      current = '';
    }
  }
  return statements.filter((statement) => statement.replace(/--.*$/gm, '').trim());
}

/** Applies schema.sql again, as the next start of the server would on a database an earlier version made. */
export async function reapplySchema(db: Db): Promise<void> {
  for (const statement of schemaStatements(await loadSchema())) await sql.raw(statement).execute(db);
}
