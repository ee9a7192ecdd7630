/**
 * The lost-update rule (issue 28, decision 033), shared by the server and the panel.
 *
 * Every record two people may edit at once has a `version` (a counter the database bumps on every
 * change). A read answers it in the record (`version`) and, for one record, in an `ETag: "<version>"`
 * header. A write names the version it was based on in `If-Match: "<version>"`; when the record has
 * changed since, the write changes nothing and answers 409 `conflict` with the current record in
 * `error.current`. A write without If-Match (an API client of the spec's shape) is not checked.
 */

/** The error code of a stale write. */
export const CONFLICT_CODE = 'conflict';

/** The request header that names the version a write was based on (RFC 9110 §13.1.1). */
export const IF_MATCH_HEADER = 'If-Match';

/** A record with the version the lost-update check compares. */
export interface Versioned {
  version: number;
}

/**
 * The ETag of a version: a strong entity tag, as If-Match compares strongly.
 * @example etagOf(3) // '"3"'
 */
export const etagOf = (version: number): string => `"${version}"`;

/**
 * The version an If-Match value names: null when there is none or it is `*` (any version: no check),
 * undefined when it is not one of ours (the server refuses it rather than write unchecked).
 * @example versionOfEtag('"3"') // 3
 */
export function versionOfEtag(value: string | null | undefined): number | null | undefined {
  if (value === null || value === undefined || value.trim() === '' || value.trim() === '*') return null;
  const match = /^"(\d{1,9})"$/.exec(value.trim());
  return match ? Number(match[1]) : undefined;
}

/** Whether two field values are the same (JSON-equal: arrays, localized texts and nulls compare by content). */
export function sameValue(a: unknown, b: unknown): boolean {
  return canonical(a) === canonical(b);
}

function canonical(value: unknown): string {
  return JSON.stringify(value ?? null, (_key, inner: unknown) =>
    inner && typeof inner === 'object' && !Array.isArray(inner)
      ? Object.fromEntries(Object.entries(inner as Record<string, unknown>).filter(([, v]) => v !== undefined && v !== '').sort(([a], [b]) => a.localeCompare(b)))
      : inner,
  );
}

/** Whose value a field keeps when a conflict is resolved. */
export type Side = 'mine' | 'theirs';

/** One field where what I am saving and what is stored now differ. */
export interface FieldConflict<K extends string = string> {
  field: K;
  /** What both sides started from. */
  base: unknown;
  mine: unknown;
  theirs: unknown;
  /** Who changed it since the read: me, the other person, or both. */
  changedBy: 'me' | 'them' | 'both';
}

/**
 * The fields where my write and the stored record differ, each with who changed it since `base` (what
 * I read). A field only I changed keeps mine by default; one only they changed takes theirs; one we
 * both changed is the person's choice (mine until they pick).
 */
export function fieldConflicts<T, K extends keyof T & string>(base: T, mine: T, theirs: T, fields: readonly K[]): FieldConflict<K>[] {
  const out: FieldConflict<K>[] = [];
  for (const field of fields) {
    if (sameValue(mine[field], theirs[field])) continue;
    const meChanged = !sameValue(base[field], mine[field]);
    const theyChanged = !sameValue(base[field], theirs[field]);
    out.push({ field, base: base[field], mine: mine[field], theirs: theirs[field], changedBy: meChanged && theyChanged ? 'both' : theyChanged ? 'them' : 'me' });
  }
  return out;
}

/** The side a field takes before the person chooses: the side that changed it (mine when both did). */
export const defaultSide = (conflict: FieldConflict): Side => (conflict.changedBy === 'them' ? 'theirs' : 'mine');

/**
 * What to save after a conflict: my values, with each field whose choice is `theirs` taken from the
 * stored record. Sent with the stored record's version, so it is checked again.
 * @example merged({ rent: 1, note: 'a' }, { rent: 2, note: 'b' }, { rent: 'theirs' }) // { rent: 2, note: 'a' }
 */
export function merged<T extends object>(mine: T, theirs: T, choices: Partial<Record<string, Side>>): T {
  const out = { ...mine };
  for (const [field, side] of Object.entries(choices) as [keyof T, Side][]) {
    if (side === 'theirs') out[field] = theirs[field];
  }
  return out;
}
