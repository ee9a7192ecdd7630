import { atom } from 'nanostores';
import { DEFAULT_IDLE_TIMEOUT_MINUTES, IDLE_WARNING_MS } from '../shared/second-factor.ts';
import { $me } from './admin-session.ts';
import { $serverIdleMinutes } from './session-use.ts';

/**
 * The owner's idle timeout as the server last said it: `GET /api/admin/me` at sign-in, then every answer to the
 * session (an owner's shorter setting reaches a panel already open), kept after signing out for the notice.
 */
export const $idleMinutes = atom<number>(DEFAULT_IDLE_TIMEOUT_MINUTES);

$me.subscribe((me) => {
  if (me?.idleTimeoutMinutes) $idleMinutes.set(me.idleTimeoutMinutes);
});
$serverIdleMinutes.subscribe((minutes) => {
  if (minutes) $idleMinutes.set(minutes);
});

export type IdleState = { kind: 'active' } | { kind: 'warning'; secondsLeft: number } | { kind: 'idle' } | { kind: 'expired' };

/**
 * Where a session stands at `now`: ended by its 12 hours (`expiresAt`), ended by the idle timeout counted
 * from the last use, in the warning minute before that, or active. The server ends an idle session no
 * sooner than this (docs/decisions/026-sessions-that-end.md), so the panel's end comes first.
 * @example idleState(now, now - 29.5 * 60_000, 30, null) // { kind: 'warning', secondsLeft: 30 }
 */
export function idleState(now: number, lastUse: number, idleMinutes: number, expiresAt: number | null): IdleState {
  if (expiresAt !== null && now >= expiresAt) return { kind: 'expired' };
  const end = lastUse + idleMinutes * 60_000;
  if (now >= end) return { kind: 'idle' };
  if (now >= end - IDLE_WARNING_MS) return { kind: 'warning', secondsLeft: Math.ceil((end - now) / 1000) };
  return { kind: 'active' };
}
