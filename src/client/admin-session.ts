import { atom } from 'nanostores';
import type { Me } from '../shared/staff.ts';
import { ApiError, apiRead, apiWrite } from './api.ts';
import { $adminToken } from './stores.ts';

/** Why the login card is shown again, if not by the admin's own choice. */
export const $sessionNotice = atom<'expired' | null>(null);

/** Who is signed in (GET /api/admin/me), once known; the panel shows what their role may use. */
export const $me = atom<Me | null>(null);

$adminToken.subscribe((token) => {
  if (!token) $me.set(null);
});

function signedIn(token: string): void {
  $sessionNotice.set(null);
  $adminToken.set(token);
}

/**
 * Signs in; the token is stored under `admin-token`. An empty username is the bootstrap owner `admin`
 * (the spec's password-only login). Rejects with the ApiError (401 wrong password, 429).
 */
export async function login(password: string, username = ''): Promise<void> {
  const body = username.trim() ? { username: username.trim(), password } : { password };
  const { token } = await apiWrite<{ token: string }>('POST', '/api/admin/login', body);
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
    $me.set(await apiRead<Me>(['/api/admin/me']));
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
 * An expired or revoked token answers 401: back to the login card with a message.
 * @returns true when the error was that, so callers skip their own failure toast.
 */
export function endSessionIfUnauthorized(error: unknown): boolean {
  if (!(error instanceof ApiError) || error.status !== 401) return false;
  $sessionNotice.set('expired');
  $adminToken.set(null);
  return true;
}
