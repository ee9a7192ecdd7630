import { useCallback, useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import { $me } from './admin-session.ts';

/**
 * Text typed into an admin form, kept in this tab (sessionStorage) as it is typed, so a session that ends
 * meanwhile (idle, expired, deactivated) does not lose it: the form shows it again after signing in, to
 * the same person only (the key names the account). Cleared once saved.
 */
const PREFIX = 'admin-draft:';

function storage(): Storage | undefined {
  try {
    return typeof sessionStorage === 'undefined' ? undefined : sessionStorage;
  } catch {
    return undefined;
  }
}

/** Whether any typed text is being kept in this tab (the login card then says it will come back). */
export function hasKeptDrafts(): boolean {
  const store = storage();
  if (!store) return false;
  for (let i = 0; i < store.length; i++) if (store.key(i)?.startsWith(PREFIX) && store.getItem(store.key(i)!)) return true;
  return false;
}

/**
 * A text field's value kept under `name` (e.g. `note:<inquiry id>`): `[value, setValue, clear]`.
 * @example const [note, setNote, clearNote] = useKeptDraft(`note:${id}`);
 */
export function useKeptDraft(name: string): [string, (value: string) => void, () => void] {
  const userId = useStore($me)?.id;
  const key = userId ? `${PREFIX}${userId}:${name}` : null;
  const [value, setValue] = useState(() => (key ? storage()?.getItem(key) ?? '' : ''));
  useEffect(() => {
    if (key) setValue(storage()?.getItem(key) ?? '');
  }, [key]);
  const set = useCallback(
    (next: string) => {
      setValue(next);
      if (!key) return;
      if (next) storage()?.setItem(key, next);
      else storage()?.removeItem(key);
    },
    [key],
  );
  const clear = useCallback(() => set(''), [set]);
  return [value, set, clear];
}
