import { createHash, randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Trx } from '../audit/actor.ts';
import type { Db } from '../db/index.ts';
import { HttpError } from '../http/errors.ts';
import { linkDigest } from '../objects/signing.ts';

export type LinkPurpose = 'invitation' | 'password-reset';

/**
 * The token of a mailed link (docs/decisions/015-staff-accounts.md): an HMAC of the link's id under the
 * server's signing secret. The database keeps only its sha256, and the outbox only the id, so neither a
 * copy of the database nor of a queued mail is a working link; the mail is written with the token at the
 * moment it is sent.
 */
export async function linkToken(purpose: LinkPurpose, id: string): Promise<string> {
  return (await linkDigest(`${purpose}\n${id}`)).toString('base64url');
}

export function linkTokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export const invalidToken = () => new HttpError(400, 'invalid_token', 'This link was already used, has expired or was replaced', { fields: { token: 'team.errors.invalidToken' } });

/** Stores a new link (the caller's transaction) and returns its id; the token follows from it. */
export async function createLink(
  trx: Trx,
  link: { purpose: LinkPurpose; email: string; ttlMs: number; userId?: string | null; name?: string | null; role?: string | null; locale: string; createdBy: string | null },
): Promise<{ id: string; expiresAt: Date }> {
  const id = randomUUID();
  const expiresAt = new Date(Date.now() + link.ttlMs);
  await trx
    .insertInto('authTokens')
    .values({
      id,
      purpose: link.purpose,
      tokenHash: linkTokenHash(await linkToken(link.purpose, id)),
      userId: link.userId ?? null,
      email: link.email,
      name: link.name ?? null,
      role: link.role ?? null,
      locale: link.locale,
      createdBy: link.createdBy,
      expiresAt,
    })
    .execute();
  return { id, expiresAt };
}

/**
 * Takes a live link for `purpose` by its token, locking it for the rest of the transaction so a second
 * click (or a parallel one) finds it used; 400 `invalid_token` when it is unknown, used, revoked or expired.
 */
export async function takeLink(trx: Trx, purpose: LinkPurpose, token: string) {
  const row = await trx
    .selectFrom('authTokens')
    .selectAll()
    .where('tokenHash', '=', linkTokenHash(token))
    .where('purpose', '=', purpose)
    .where('usedAt', 'is', null)
    .where('revokedAt', 'is', null)
    .where('expiresAt', '>', new Date())
    .forUpdate()
    .executeTakeFirst();
  if (!row) throw invalidToken();
  await trx.updateTable('authTokens').set({ usedAt: sql<Date>`now()` }).where('id', '=', row.id).execute();
  return row;
}

/**
 * Checks a mailed link by its token before anything is asked of the person (POST …/check): nothing is taken or
 * changed; 400 `invalid_token` when it is unknown, used, revoked or expired, as taking it would answer.
 */
export async function checkLink(db: Db, purpose: LinkPurpose, token: string): Promise<void> {
  const row = await db
    .selectFrom('authTokens')
    .select('id')
    .where('tokenHash', '=', linkTokenHash(token))
    .where('purpose', '=', purpose)
    .where('usedAt', 'is', null)
    .where('revokedAt', 'is', null)
    .where('expiresAt', '>', new Date())
    .executeTakeFirst();
  if (!row) throw invalidToken();
}

/** Whether a link is still live (a queued mail of a replaced or used link is not sent). */
export async function linkIsLive(db: Db, id: string): Promise<boolean> {
  const row = await db
    .selectFrom('authTokens')
    .select('id')
    .where('id', '=', id)
    .where('usedAt', 'is', null)
    .where('revokedAt', 'is', null)
    .where('expiresAt', '>', new Date())
    .executeTakeFirst();
  return Boolean(row);
}
