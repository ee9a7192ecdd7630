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

/**
 * Records a use of the session at `at`: when a request that was answered was sent (the server counts it on
 * arrival, not when its answer comes back), or a sign-in. A slow answer arriving after a newer use, or after
 * the idle warning opened, does not move the count on: the newest use wins.
 */
export function noteSessionUse(at = Date.now()): void {
  const last = $lastSessionUse.get();
  // A use counted "in the future" (the device's clock was set back since) is replaced.
  if (at <= last && last <= Date.now()) return;
  $lastSessionUse.set(at);
  storage()?.setItem(KEY, String(at));
}

if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === KEY && event.newValue) $lastSessionUse.set(Math.max($lastSessionUse.get(), Number(event.newValue) || 0));
  });
}
