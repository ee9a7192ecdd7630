import { createHash, randomBytes } from 'node:crypto';
import { SESSION_TTL_MS } from '../../shared/api.ts';
import type { SessionInfo } from '../../shared/staff.ts';
import { deviceOf } from '../../shared/user-agent.ts';
import type { Trx } from '../audit/actor.ts';
import type { Db } from '../db/index.ts';

/** Longest User-Agent kept (a header can be kilobytes; the device name needs the first few hundred characters). */
const USER_AGENT_MAX = 400;

/**
 * What the sessions table keeps of a token: its sha256. The token is 256 random bits, so the stored value
 * alone is no token and no way to find one (Lucia's session design, docs/decisions/015-staff-accounts.md).
 */
export function sessionTokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function bearerToken(req: Request): string | null {
  const match = req.headers.get('authorization')?.match(/^Bearer\s+([A-Za-z0-9_-]{20,200})\s*$/);
  return match?.[1] ?? null;
}

/** Opens a session for `userId` (at most 12 hours) and returns its token; the caller commits it. */
export async function openSession(trx: Trx, userId: string, req: Request, address: string | null): Promise<{ token: string; sessionId: string }> {
  const token = randomBytes(32).toString('base64url');
  // The process clock, as the session checks (src/server/auth/access.ts) read it: one clock decides.
  const now = Date.now();
  const row = await trx
    .insertInto('sessions')
    .values({
      tokenHash: sessionTokenHash(token),
      userId,
      userAgent: req.headers.get('user-agent')?.slice(0, USER_AGENT_MAX) ?? null,
      clientAddress: address,
      createdAt: new Date(now),
      lastUsedAt: new Date(now),
      expiresAt: new Date(now + SESSION_TTL_MS),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { token, sessionId: row.id };
}

/** Ends every live session of `userId` (all, or all but `except`); returns how many. */
export async function revokeUserSessions(db: Db | Trx, userId: string, except?: string): Promise<number> {
  const result = await db
    .updateTable('sessions')
    .set({ revokedAt: new Date() })
    .where('userId', '=', userId)
    .where('revokedAt', 'is', null)
    .$if(Boolean(except), (query) => query.where('id', '!=', except!))
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Ends one of `userId`'s sessions; false when it is not theirs or already ended. */
export async function revokeSession(db: Db | Trx, userId: string, sessionId: string): Promise<boolean> {
  const result = await db
    .updateTable('sessions')
    .set({ revokedAt: new Date() })
    .where('id', '=', sessionId)
    .where('userId', '=', userId)
    .where('revokedAt', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Where `userId` is signed in now, most recently used first. */
export async function listSessions(db: Db, userId: string, currentId: string): Promise<SessionInfo[]> {
  const rows = await db
    .selectFrom('sessions')
    .select(['id', 'userAgent', 'clientAddress', 'createdAt', 'lastUsedAt'])
    .where('userId', '=', userId)
    .where('revokedAt', 'is', null)
    .where('expiresAt', '>', new Date())
    .orderBy('lastUsedAt', 'desc')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    device: deviceOf(row.userAgent),
    address: row.clientAddress,
    createdAt: new Date(row.createdAt).toISOString(),
    lastUsedAt: new Date(row.lastUsedAt).toISOString(),
    current: row.id === currentId,
  }));
}
