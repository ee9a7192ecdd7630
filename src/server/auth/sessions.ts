import { createHmac } from 'node:crypto';
import { getDb } from '../db/index.ts';
import { serverEnv } from '../env.ts';
import { HttpError } from '../http/errors.ts';

/**
 * What the sessions table keeps for a token: an HMAC keyed by the admin password, so a session counts
 * only under the password it was opened with. Changing ADMIN_PASSWORD therefore signs every admin out,
 * and the stored value alone is no token (nor a way to guess the password).
 */
export function sessionTokenHash(token: string, password: string): string {
  return createHmac('sha256', password).update(token).digest('hex');
}

function bearerToken(req: Request): string | null {
  const match = req.headers.get('authorization')?.match(/^Bearer\s+([A-Za-z0-9_-]{20,200})\s*$/);
  return match?.[1] ?? null;
}

/**
 * Admin routes: a live (not expired, not revoked) session token in `Authorization: Bearer`, opened
 * under the current ADMIN_PASSWORD, else 401.
 */
export async function requireAdmin(req: Request): Promise<void> {
  const token = bearerToken(req);
  const { adminPassword } = serverEnv();
  if (token && adminPassword) {
    const db = await getDb();
    const session = await db
      .selectFrom('sessions')
      .select('tokenHash')
      .where('tokenHash', '=', sessionTokenHash(token, adminPassword))
      .where('revokedAt', 'is', null)
      .where('expiresAt', '>', new Date())
      .executeTakeFirst();
    if (session) return;
  }
  throw new HttpError(401, 'unauthorized', 'Sign in as administrator', {
    headers: { 'WWW-Authenticate': 'Bearer' },
  });
}

/** Revokes the request's session; an unknown or already revoked token is a 401 like any other. */
export async function logout(req: Request): Promise<void> {
  await requireAdmin(req);
  const token = bearerToken(req) as string;
  const password = serverEnv().adminPassword as string;
  const db = await getDb();
  await db.updateTable('sessions').set({ revokedAt: new Date() }).where('tokenHash', '=', sessionTokenHash(token, password)).execute();
}
