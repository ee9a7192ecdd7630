import { atom } from 'nanostores';
import { ApiError, apiWrite } from './api.ts';
import { $adminToken } from './stores.ts';

/** Why the login card is shown again, if not by the admin's own choice. */
export const $sessionNotice = atom<'expired' | null>(null);

/** Signs in; the token is stored under `admin-token`. Rejects with the ApiError (401 wrong password, 429). */
export async function login(password: string): Promise<void> {
  const { token } = await apiWrite<{ token: string }>('POST', '/api/admin/login', { password });
  $sessionNotice.set(null);
  $adminToken.set(token);
}

/** Signs out: the server revokes the token; it is forgotten here even if the server cannot be reached. */
export async function logout(): Promise<void> {
  try {
    await apiWrite('POST', '/api/admin/logout');
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
