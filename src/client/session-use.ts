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
 * The owner's idle timeout as the server said it with its last answer to the session (IDLE_TIMEOUT_HEADER, or a
 * 401 that ended an idle session); null until one did. An owner's shorter setting reaches an open panel this way.
 */
export const $serverIdleMinutes = atom<number | null>(null);

/** Records the idle timeout an answer named (ignores anything that is not a whole number of minutes). */
export function noteIdleMinutes(said: string | number | null | undefined): void {
  const minutes = Number(said);
  if (said !== null && said !== undefined && said !== '' && Number.isInteger(minutes) && minutes > 0) $serverIdleMinutes.set(minutes);
}

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
