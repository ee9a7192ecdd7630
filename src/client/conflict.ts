import { ApiError } from './api.ts';
import { CONFLICT_CODE, defaultSide, fieldConflicts, merged, type FieldConflict, type Side, type Versioned } from '../shared/versions.ts';

/** The stored record a 409 `conflict` answered with, or null for any other failure. */
export function conflictOf(error: unknown): (Versioned & Record<string, unknown>) | null {
  if (!(error instanceof ApiError) || error.status !== 409 || error.code !== CONFLICT_CODE) return null;
  const current = error.current as (Versioned & Record<string, unknown>) | undefined;
  return current && typeof current.version === 'number' ? current : null;
}

/** What the person chose in the conflict dialog: which side each field keeps, all theirs, or to go on editing. */
export type Resolution<K extends string = string> = { kind: 'merge'; choices: Record<K, Side> } | { kind: 'take' } | { kind: 'cancel' };

/** Shows the differing fields and resolves with the person's choice (the conflict dialog's `ask`). */
export type AskConflict = <K extends string>(conflicts: FieldConflict<K>[]) => Promise<Resolution<K>>;

export type VersionedSave<R> = { kind: 'saved'; result: R } | { kind: 'took'; current: Versioned & Record<string, unknown> } | { kind: 'cancelled' };

/**
 * Saves an edit with the version it was based on, and never overwrites in silence: on a conflict it asks
 * which value each differing field keeps (a field only the other person changed keeps theirs unless the
 * person says otherwise) and saves that on the stored version, checked again. When nothing the other
 * person changed differs from this edit (they changed a field this form does not show, or the same way),
 * it saves again without asking. `project` turns a stored record into the form's shape; `send` writes
 * `value` (against `from`, what it was edited from, for patches) at `version`.
 */
export async function saveVersioned<T extends object, K extends keyof T & string, R>(options: {
  base: T;
  mine: T;
  /** Undefined for a record read before versions existed: then the write goes unchecked, as before. */
  version: number | undefined;
  fields: readonly K[];
  project: (record: Versioned & Record<string, unknown>) => T;
  send: (value: T, version: number | undefined, from: T) => Promise<R>;
  ask: AskConflict;
}): Promise<VersionedSave<R>> {
  let { base, mine, version } = options;
  // Each round is one other write that came first; a person cannot be outpaced for ever, but a loop must end.
  for (let round = 0; round < 5; round++) {
    try {
      return { kind: 'saved', result: await options.send(mine, version, base) };
    } catch (error) {
      const current = conflictOf(error);
      if (!current) throw error;
      const theirs = options.project(current);
      const conflicts = fieldConflicts(base, mine, theirs, options.fields);
      let choices = Object.fromEntries(conflicts.map((conflict) => [conflict.field, defaultSide(conflict)])) as Record<K, Side>;
      if (conflicts.some((conflict) => conflict.changedBy !== 'me')) {
        const answer = await options.ask(conflicts);
        if (answer.kind === 'cancel') return { kind: 'cancelled' };
        if (answer.kind === 'take') return { kind: 'took', current };
        choices = answer.choices;
      }
      mine = merged(mine, theirs, choices);
      base = theirs;
      version = current.version;
    }
  }
  return { kind: 'cancelled' };
}
