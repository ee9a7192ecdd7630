import * as v from 'valibot';
import { LOGIN_CLIENT_LIMIT } from './abuse.ts';

/** The JSON error body of every API failure (design: API contract). */
export interface ApiErrorBody {
  error: {
    code: string;
    message: string;
    /** Field name → dictionary key of the validation message. */
    fields?: Record<string, string>;
    /** A refused tour slot (issue 26): the next free start times, ISO. */
    nextFree?: string[];
    /** A 409 `conflict`: the record as it is now (src/shared/versions.ts). */
    current?: unknown;
  };
}

/** localStorage key of the admin session token (spec §4). */
export const ADMIN_TOKEN_STORAGE_KEY = 'admin-token';

/** The per-client login limit, defined with the other abuse limits. */
export const LOGIN_MAX_FAILURES = LOGIN_CLIENT_LIMIT.max;
export const LOGIN_WINDOW_MS = LOGIN_CLIENT_LIMIT.windowMs;
export const SESSION_TTL_MS = 12 * 60 * 60 * 1000;
/** A request the admin panel makes by itself (a poll): it does not count as a use of the session. */
export const BACKGROUND_HEADER = 'X-Background-Request';
/**
 * Every answer to a request with a live admin session says the owner's idle timeout as the server applied it,
 * so a panel already open learns a shorter one at its next request (or poll) and signs out in time.
 */
export const IDLE_TIMEOUT_HEADER = 'X-Idle-Timeout-Minutes';

/**
 * A write the client may repeat after a lost answer carries this header (IETF draft "The Idempotency-Key
 * HTTP Header Field"): the same key never stores twice.
 */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';
/**
 * How long a key is remembered (as Stripe does): a resend within 24 hours is a replay; after that the
 * key is free again and the same request is a new inquiry. A form retries within seconds, never a day.
 */
export const IDEMPOTENCY_KEY_TTL_MS = 24 * 60 * 60 * 1000;
// Pure: a bundle that only needs the constants above (the public islands) drops the schema and valibot.
export const IdempotencyKeySchema = /* @__PURE__ */ v.pipe(/* @__PURE__ */ v.string(), /* @__PURE__ */ v.uuid());
