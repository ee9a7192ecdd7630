import { createHash, randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { localizePath, type Locale } from '../../i18n/locales.ts';
import { ANSWER_CODE } from '../../shared/proposals/limits.ts';
import type { Trx } from '../audit/actor.ts';
import type { Db } from '../db/index.ts';
import { serverEnv } from '../env.ts';
import { HttpError } from '../http/errors.ts';
import { linkDigest } from '../objects/signing.ts';

/**
 * The prospect's link to one proposal version (research/deals.md §4.3, decision 058): its token is an HMAC of the
 * link's id under the server's secret, so the database keeps only the token's SHA-256 and a queued mail only the id —
 * neither is a working link; the mail is written with the token when it is sent. The token travels in the URL's
 * fragment (`/proposal/#<token>`), never in a query, so no server log, proxy or Referer ever holds it.
 */

const TOKEN = /^[A-Za-z0-9_-]{43}$/;

export async function proposalLinkToken(linkId: string): Promise<string> {
  return (await linkDigest(`proposal-link\n${linkId}`)).toString('base64url');
}

export const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

/** The page the mail links to, in the link's language, the token in the fragment. */
export async function proposalLinkUrl(linkId: string, locale: Locale): Promise<string> {
  return `${serverEnv().siteUrl}${localizePath(locale, '/proposal/')}#${await proposalLinkToken(linkId)}`;
}

/** The end of a proposal's last valid day in Seoul: when its link stops working. */
export const endOfValidity = (validUntil: string) => new Date(new Date(`${validUntil}T00:00:00+09:00`).getTime() + 86_400_000);

/** Stores a new link for `proposalId` (the caller's transaction; its live one must be revoked first). */
export async function createProposalLink(trx: Trx, link: { proposalId: string; recipient: string; locale: Locale; validUntil: string; createdBy: string }): Promise<string> {
  const id = randomUUID();
  await trx
    .insertInto('proposalLinks')
    .values({
      id,
      proposalId: link.proposalId,
      tokenHash: tokenHash(await proposalLinkToken(id)),
      recipient: link.recipient,
      locale: link.locale,
      createdBy: link.createdBy,
      expiresAt: endOfValidity(link.validUntil),
    })
    .execute();
  return id;
}

/** Revokes the live links of `proposalId` (a resend, a newer version sent, a withdrawal). */
export async function revokeLinks(trx: Trx, proposalId: string): Promise<void> {
  await trx.updateTable('proposalLinks').set({ revokedAt: sql`now()` }).where('proposalId', '=', proposalId).where('revokedAt', 'is', null).where('decidedAt', 'is', null).execute();
}

export const invalidLink = () =>
  new HttpError(401, 'invalid_link', 'This link is not valid: open the link in the mail again', { fields: { token: 'proposals.errors.linkInvalid' }, headers: { 'WWW-Authenticate': 'Bearer' } });

/** A link as the public routes resolve it: the link, its proposal's state, and why it no longer works (if so). */
export interface ResolvedLink {
  id: string;
  proposalId: string;
  inquiryId: string;
  recipient: string | null;
  locale: Locale;
  expiresAt: Date;
  revokedAt: Date | null;
  decidedAt: Date | null;
  status: string;
  /** The inquiry's data was destroyed or its processing stopped: the link opens nothing any more. */
  inquiryStopped: boolean;
}

function bearer(req: Request): string | null {
  const match = /^Bearer\s+(\S+)$/i.exec(req.headers.get('authorization') ?? '');
  return match && TOKEN.test(match[1]!) ? match[1]! : null;
}

/**
 * The link a request's `Authorization: Bearer <token>` names, locked for the rest of `trx` when given (an answer);
 * 401 `invalid_link` for none or an unknown one. Whether it still works is `linkProblem`'s to say.
 */
export async function resolveLink(db: Db | Trx, req: Request, lock = false): Promise<ResolvedLink> {
  const token = bearer(req);
  if (!token) throw invalidLink();
  let query = db
    .selectFrom('proposalLinks as l')
    .innerJoin('proposals as p', 'p.id', 'l.proposalId')
    .innerJoin('inquiries as i', 'i.id', 'p.inquiryId')
    .select(['l.id', 'l.proposalId', 'p.inquiryId', 'l.recipient', 'l.locale', 'l.expiresAt', 'l.revokedAt', 'l.decidedAt', 'p.status'])
    .select(sql<boolean>`i.destroyed_at is not null or i.suspended_at is not null`.as('inquiryStopped'))
    .where('l.tokenHash', '=', tokenHash(token));
  if (lock) query = query.forUpdate('l');
  const row = await query.executeTakeFirst();
  if (!row) throw invalidLink();
  return { ...row, locale: row.locale as Locale, expiresAt: new Date(row.expiresAt), revokedAt: row.revokedAt && new Date(row.revokedAt), decidedAt: row.decidedAt && new Date(row.decidedAt) };
}

/**
 * Why a link no longer takes a look or a decision, as the 410 its routes answer: its decision was taken
 * (`proposal_answered`), its proposal was withdrawn or a newer version sent, its validity ended. Null: it works.
 */
export async function linkProblem(db: Db | Trx, link: ResolvedLink, now: Date): Promise<HttpError | null> {
  if (link.decidedAt || ['accepted', 'declined', 'countered'].includes(link.status)) {
    const response = await db.selectFrom('proposalResponses').select(['decision', 'at']).where('proposalId', '=', link.proposalId).executeTakeFirst();
    return new HttpError(410, 'proposal_answered', 'This link has already been used to answer', {
      fields: { token: 'proposals.errors.answered' },
      details: response ? { decision: response.decision, at: new Date(response.at).toISOString() } : {},
    });
  }
  if (link.status === 'withdrawn' || link.inquiryStopped) return new HttpError(410, 'proposal_withdrawn', 'This proposal was withdrawn', { fields: { token: 'proposals.errors.withdrawn' } });
  if (link.status === 'superseded') return new HttpError(410, 'proposal_superseded', 'A newer version of this proposal was sent', { fields: { token: 'proposals.errors.superseded' } });
  if (link.status === 'expired' || link.expiresAt.getTime() <= now.getTime()) return new HttpError(410, 'proposal_expired', 'This proposal has expired', { fields: { token: 'proposals.errors.expired' } });
  // Revoked by a resend of the same version: the newest mail has the live link.
  if (link.revokedAt || link.status !== 'sent') return new HttpError(410, 'proposal_superseded', 'This link was replaced by a newer one', { fields: { token: 'proposals.errors.superseded' } });
  return null;
}

/** The 6-digit code of code `id` (an HMAC of the id, so the outbox holds the id, the mail the code). */
export async function answerCode(codeId: string): Promise<string> {
  const digest = await linkDigest(`proposal-code\n${codeId}`);
  return String(digest.readUInt32BE(0) % 10 ** ANSWER_CODE.digits).padStart(ANSWER_CODE.digits, '0');
}

export const codeHash = (codeId: string, code: string) => createHash('sha256').update(`${codeId}:${code}`).digest('hex');

/** A new code for `linkId`, replacing any earlier one (only the newest counts). */
export async function createAnswerCode(trx: Trx, linkId: string, now: Date): Promise<{ id: string; expiresAt: Date }> {
  await trx.updateTable('proposalLinkCodes').set({ usedAt: now }).where('linkId', '=', linkId).where('usedAt', 'is', null).execute();
  const id = randomUUID();
  const expiresAt = new Date(now.getTime() + ANSWER_CODE.ttlMs);
  await trx.insertInto('proposalLinkCodes').values({ id, linkId, codeHash: codeHash(id, await answerCode(id)), expiresAt, createdAt: now }).execute();
  return { id, expiresAt };
}

/** A wrong code, thrown inside the answer's transaction; counted by `countWrongCode` once that rolled back. */
export class WrongCode extends Error {
  readonly codeId: string;
  constructor(codeId: string) {
    super('wrong code');
    this.codeId = codeId;
  }
}

const codeExpired = () =>
  new HttpError(400, 'invalid_code', 'The code has expired or can no longer be used: ask for a new one', { fields: { code: 'proposals.errors.codeExpired' }, details: { attemptsLeft: 0 } });

/**
 * Checks `code` against the link's newest code in the answer's transaction: right → spent with the answer; none,
 * expired or out of tries → 400 `invalid_code` (`codeExpired`: ask for a new one); wrong → `WrongCode`, which the
 * caller counts after its transaction rolled back (`countWrongCode`), so the try counts although nothing else is kept.
 */
export async function takeAnswerCode(trx: Trx, linkId: string, code: string, now: Date): Promise<void> {
  const current = await trx
    .selectFrom('proposalLinkCodes')
    .selectAll()
    .where('linkId', '=', linkId)
    .where('usedAt', 'is', null)
    .orderBy('createdAt', 'desc')
    .limit(1)
    .forUpdate()
    .executeTakeFirst();
  if (!current || new Date(current.expiresAt).getTime() <= now.getTime() || current.failures >= ANSWER_CODE.maxFailures) throw codeExpired();
  if (codeHash(current.id, code) !== current.codeHash) throw new WrongCode(current.id);
  await trx.updateTable('proposalLinkCodes').set({ usedAt: now }).where('id', '=', current.id).execute();
}

/** Counts a wrong try of code `codeId`: 400 `invalid_code` with the tries left (none left: `codeExpired`). */
export async function countWrongCode(db: Db, codeId: string): Promise<HttpError> {
  const counted = await db.updateTable('proposalLinkCodes').set({ failures: sql`failures + 1` }).where('id', '=', codeId).returning('failures').executeTakeFirst();
  const attemptsLeft = Math.max(0, ANSWER_CODE.maxFailures - (counted?.failures ?? ANSWER_CODE.maxFailures));
  if (attemptsLeft === 0) return codeExpired();
  return new HttpError(400, 'invalid_code', 'That code is not right', { fields: { code: 'proposals.errors.codeWrong' }, details: { attemptsLeft } });
}
