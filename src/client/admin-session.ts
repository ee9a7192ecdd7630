import { atom } from 'nanostores';
import type { Me } from '../shared/staff.ts';
import { ApiError, apiRead, apiWrite } from './api.ts';
import { $adminToken } from './stores.ts';
import { noteIdleMinutes, noteSessionUse } from './session-use.ts';

/**
 * Why the login card is shown again, if not by the person's own choice: the session ran out (12 hours, or
 * the server says so), it was left idle (the panel ended it), the owner deactivated the account, or five wrong
 * codes were given to turn the authenticator off (the server ended it).
 */
export type SessionNotice = 'expired' | 'idle' | 'deactivated' | 'locked';
export const $sessionNotice = atom<SessionNotice | null>(null);

/** Who is signed in (GET /api/admin/me), once known; the panel shows what their role may use. */
export const $me = atom<Me | null>(null);
/** When this session's 12 hours end, on this device's clock (from `sessionSecondsLeft`, whatever the clock says). */
export const $sessionDeadline = atom<number | null>(null);

$adminToken.subscribe((token) => {
  if (!token) $me.set(null);
});

function signedIn(token: string): void {
  $sessionNotice.set(null);
  noteSessionUse();
  $adminToken.set(token);
}

/**
 * Signs in; the token is stored under `admin-token`. An empty username is the bootstrap owner `admin`
 * (the spec's password-only login). An account with TOTP answers with the challenge of the second step
 * (`{challenge}`) instead. Rejects with the ApiError (401 wrong password, 403 deactivated, 429).
 */
export async function login(password: string, username = ''): Promise<{ challenge: string } | null> {
  const body = username.trim() ? { username: username.trim(), password } : { password };
  try {
    const { token } = await apiWrite<{ token: string }>('POST', '/api/admin/login', body);
    signedIn(token);
    return null;
  } catch (error) {
    const challenge = error instanceof ApiError && error.code === 'second_factor_required' ? (error.data as { challenge?: unknown })?.challenge : undefined;
    if (typeof challenge === 'string') return { challenge };
    throw error;
  }
}

/** The second step: the challenge and a TOTP or recovery code → signed in (rejects 401 `invalid_code`, `challenge_expired`, 429). */
export async function loginSecondFactor(challenge: string, code: string): Promise<void> {
  const { token } = await apiWrite<{ token: string }>('POST', '/api/admin/login/second-factor', { challenge, code });
  signedIn(token);
}

/**
 * Signs in with a passkey: the server's challenge, the browser's signed answer (the WebAuthn library is
 * loaded only now, for those who use it). Rejects with the ApiError, or the browser's error when the
 * person cancels.
 */
export async function loginWithPasskey(): Promise<void> {
  const { startAuthentication } = await import('@simplewebauthn/browser');
  const { challengeId, options } = await apiWrite<{ challengeId: string; options: Parameters<typeof startAuthentication>[0]['optionsJSON'] }>('POST', '/api/admin/passkeys/sign-in/options');
  const response = await startAuthentication({ optionsJSON: options });
  const { token } = await apiWrite<{ token: string }>('POST', '/api/admin/passkeys/sign-in/verify', { challengeId, response });
  signedIn(token);
}

/** Accepts an invitation: the mailed link's token, a username and password → signed in. */
export async function acceptInvitation(token: string, username: string, password: string): Promise<void> {
  const answer = await apiWrite<{ token: string }>('POST', '/api/admin/invitations/accept', { token, username, password });
  signedIn(answer.token);
}

/** Reads who is signed in; a 401 ends the session like any other. */
export async function loadMe(): Promise<void> {
  try {
    const me = await apiRead<Me>(['/api/admin/me']);
    $sessionDeadline.set(me.sessionSecondsLeft === undefined ? null : Date.now() + me.sessionSecondsLeft * 1000);
    $me.set(me);
  } catch (error) {
    endSessionIfUnauthorized(error);
  }
}

/** Signs out (`all`: every session of mine); the token is forgotten here even if the server cannot be reached. */
export async function logout(all = false): Promise<void> {
  try {
    await apiWrite('POST', '/api/admin/logout', all ? { all: true } : undefined);
  } finally {
    $adminToken.set(null);
  }
}

/**
 * Ends the session here with a reason the login card gives (what was being typed is kept by the forms
 * themselves, src/client/kept-drafts.ts). The server's session is signed out too when it may still live.
 */
export function endSession(notice: SessionNotice): void {
  if (notice === 'idle') void apiWrite('POST', '/api/admin/logout').catch(() => undefined);
  $sessionNotice.set(notice);
  $adminToken.set(null);
}

/**
 * An expired, idle, revoked or deactivated session answers 401: back to the login card, saying which. A
 * 403 `second_factor_setup_required` (the owner turned the requirement on meanwhile) reloads who I am, so
 * the panel leads to the set-up.
 * @returns true when the error was one of these, so callers skip their own failure toast.
 */
export function endSessionIfUnauthorized(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  if (error.status === 403 && error.code === 'second_factor_setup_required') {
    void loadMe();
    return true;
  }
  if (error.status !== 401) return false;
  // Ended for idling under a timeout this panel had not heard of yet (an owner shortened it): said as idle, with it.
  const ended = (error.data as { error?: { reason?: unknown; idleTimeoutMinutes?: unknown } } | undefined)?.error;
  if (error.code === 'session_expired' && ended?.reason === 'idle') {
    noteIdleMinutes(typeof ended.idleTimeoutMinutes === 'number' ? ended.idleTimeoutMinutes : null);
    endSession('idle');
    return true;
  }
  endSession(error.code === 'account_deactivated' ? 'deactivated' : error.code === 'second_factor_locked' ? 'locked' : 'expired');
  return true;
}
