import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type { RateLimit } from '../../shared/abuse.ts';
import { getDb } from '../db/index.ts';
import { HttpError } from './errors.ts';

/**
 * Per-client rate limits kept in the database: function instances share no memory. A client key is
 * stored hashed (an address is personal data; equality is all a limit needs).
 */
export function hashedClient(client: string): string {
  return createHash('sha256').update(`throttle:${client}`).digest('base64url').slice(0, 32);
}

/**
 * Takes one hit of `bucket` for `client` if every limit has room: `{ ok: true }`, or `{ ok: false,
 * retryAfter }` (seconds until the oldest hit in the full window leaves it) with nothing recorded.
 * Serialised per client and bucket, so parallel requests cannot slip past the count. Hits older than
 * the bucket's longest window are deleted on the way, whoever made them.
 */
export async function takeHit(bucket: string, client: string, limits: readonly RateLimit[]): Promise<{ ok: true } | { ok: false; retryAfter: number }> {
  const key = hashedClient(client);
  const longest = Math.max(...limits.map((limit) => limit.windowMs));
  const db = await getDb();
  return db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(hashtext(${`throttle:${bucket}:${key}`}))`.execute(trx);
    const now = Date.now();
    await trx.deleteFrom('throttleHits').where('bucket', '=', bucket).where('at', '<=', new Date(now - longest)).execute();
    let retryAfter = 0;
    for (const limit of limits) {
      const hits = await trx
        .selectFrom('throttleHits')
        .select('at')
        .where('bucket', '=', bucket)
        .where('clientKey', '=', key)
        .where('at', '>', new Date(now - limit.windowMs))
        .orderBy('at', 'desc')
        .limit(limit.max)
        .execute();
      if (hits.length >= limit.max) {
        // The hit that must leave the window before one more fits: the max-th newest.
        const blocking = new Date(hits[hits.length - 1]!.at).getTime();
        retryAfter = Math.max(retryAfter, Math.ceil((blocking + limit.windowMs - now) / 1000));
      }
    }
    if (retryAfter > 0) return { ok: false as const, retryAfter: Math.max(1, retryAfter) };
    // Stamped with the same clock the windows are measured by (the database's may differ by a second).
    await trx.insertInto('throttleHits').values({ bucket, clientKey: key, at: new Date(now) }).execute();
    return { ok: true as const };
  });
}

/** Like takeHit, but a full limit is a 429 `too_many_requests` with Retry-After. */
export async function throttle(bucket: string, client: string, limits: readonly RateLimit[]): Promise<void> {
  const result = await takeHit(bucket, client, limits);
  if (!result.ok) {
    throw new HttpError(429, 'too_many_requests', 'Too many requests: try again later', {
      headers: { 'Retry-After': String(result.retryAfter) },
    });
  }
}
