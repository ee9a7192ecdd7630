import { atom } from 'nanostores';

/**
 * When this browser last used the admin session (a request the server answered), shared by every tab
 * through localStorage: the idle warning counts from the newest use in any tab, as the server does.
 */
const KEY = 'admin-last-use';

function storage(): Storage | undefined {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage;
  } catch {
    return undefined;
  }
}

export const $lastSessionUse = atom<number>(Number(storage()?.getItem(KEY)) || Date.now());

/** Records a use of the session now (a request that was answered, a sign-in). */
export function noteSessionUse(): void {
  const now = Date.now();
  $lastSessionUse.set(now);
  storage()?.setItem(KEY, String(now));
}

if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === KEY && event.newValue) $lastSessionUse.set(Math.max($lastSessionUse.get(), Number(event.newValue) || 0));
  });
}
