import { useEffect, useRef, useState } from 'react';
import { ACTION_TOAST_DURATION_MS } from '../Toaster';

/** A row being deleted (its delete button busy) or just deleted (a placeholder where it stood). */
export interface DeletedRow<T> {
  record: T;
  /** Where it stood in the list, so the placeholder takes its place. */
  index: number;
  /** Its height in px when deleted: the rows below do not move up under the pointer. */
  height: number;
  state: 'deleting' | 'deleted';
}

export type ListEntry<T> = { kind: 'row'; record: T; busy: boolean } | { kind: 'deleted'; row: DeletedRow<T> };

/**
 * One delete per row, and nothing under the pointer after it (issue 16): while its request runs the row's
 * delete button is busy and a second click does nothing; once deleted, the row is replaced by a
 * placeholder of the same height, without buttons, for as long as the undo toast stays. A double click
 * can then neither send a second delete nor land on the next row's delete button, which would otherwise
 * have moved up under the pointer.
 */
export function useDeletedRows<T extends { id: string }>() {
  const [rows, setRows] = useState<ReadonlyMap<string, DeletedRow<T>>>(new Map());
  // Read by the click handler itself: a second click may come before the busy button is drawn.
  const busy = useRef(new Set<string>());
  const timers = useRef(new Map<string, ReturnType<typeof setTimeout>>());
  useEffect(() => () => timers.current.forEach(clearTimeout), []);

  const update = (id: string, row: DeletedRow<T> | null) =>
    setRows((old) => {
      const next = new Map(old);
      if (row) next.set(id, row);
      else next.delete(id);
      return next;
    });

  /** The delete failed, or the record came back (undo): the row is itself again. */
  const forget = (id: string) => {
    busy.current.delete(id);
    clearTimeout(timers.current.get(id));
    timers.current.delete(id);
    update(id, null);
  };

  return {
    forget,
    /** Marks `record` as being deleted; false when it already is (the click is then ignored). */
    start(record: T, index: number, height: number): boolean {
      if (busy.current.has(record.id)) return false;
      busy.current.add(record.id);
      update(record.id, { record, index, height, state: 'deleting' });
      return true;
    },
    /** The delete succeeded: a placeholder until the undo toast is gone. */
    deleted(record: T) {
      setRows((old) => {
        const row = old.get(record.id);
        return row ? new Map(old).set(record.id, { ...row, state: 'deleted' }) : old;
      });
      clearTimeout(timers.current.get(record.id));
      timers.current.set(record.id, setTimeout(() => forget(record.id), ACTION_TOAST_DURATION_MS));
    },
    /** The list as shown: rows (busy while being deleted) and placeholders where deleted rows stood. */
    entries(list: readonly T[]): ListEntry<T>[] {
      const entries: ListEntry<T>[] = list.map((record) => {
        const row = rows.get(record.id);
        return row?.state === 'deleted' ? { kind: 'deleted', row } : { kind: 'row', record, busy: row?.state === 'deleting' };
      });
      const present = new Set(list.map((record) => record.id));
      const gone = [...rows.values()].filter((row) => row.state === 'deleted' && !present.has(row.record.id)).sort((a, b) => a.index - b.index);
      for (const row of gone) entries.splice(Math.min(row.index, entries.length), 0, { kind: 'deleted', row });
      return entries;
    },
  };
}

/** The height of the table row (or card) holding `element`, for its placeholder. */
export function rowHeightOf(element: Element): number {
  return element.closest('tr')?.getBoundingClientRect().height ?? 0;
}

export type DeletedRows<T extends { id: string }> = ReturnType<typeof useDeletedRows<T>>;
