/**
 * Abuse limits (issue 10; reasons in docs/decisions/007-abuse-limits.md). Each limit counts one client
 * (Netlify's client address) over a sliding window; a request past it answers 429 with Retry-After.
 */
export interface RateLimit {
  max: number;
  windowMs: number;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Inquiries per client: a burst (a visitor correcting and resending) and a day. */
export const INQUIRY_RATE_LIMITS: readonly RateLimit[] = [
  { max: 5, windowMs: 10 * MINUTE },
  { max: 20, windowMs: DAY },
];

/** Anonymous upload starts per client: six full inquiries (5 files each) an hour, 100 files a day. */
export const UPLOAD_RATE_LIMITS: readonly RateLimit[] = [
  { max: 30, windowMs: HOUR },
  { max: 100, windowMs: DAY },
];

/** A brochure download from one client counts once per language and hour. */
export const BROCHURE_COUNT_WINDOW_MS = HOUR;

/** Admin login: failures per client, and all failures together (the bound on distributed guessing). */
export const LOGIN_CLIENT_LIMIT: RateLimit = { max: 5, windowMs: 15 * MINUTE };
export const LOGIN_GLOBAL_LIMIT: RateLimit = { max: 50, windowMs: HOUR };
/**
 * Failures per account (the username tried) from all addresses in an hour: one person's password is not
 * guessed from many addresses with the whole global allowance. Browsers that signed in lately are
 * exempt, so the team is not locked out by someone else's guessing.
 */
export const LOGIN_ACCOUNT_LIMIT: RateLimit = { max: 20, windowMs: HOUR };
/** Password-reset requests per client: enough for a person who mistypes, too few to mail-bomb anyone. */
export const PASSWORD_RESET_LIMITS: readonly RateLimit[] = [
  { max: 5, windowMs: HOUR },
  { max: 20, windowMs: DAY },
];
/** Passkey sign-in challenges per client (each sign-in takes one; a challenge answers once). */
export const PASSKEY_SIGN_IN_LIMITS: readonly RateLimit[] = [{ max: 30, windowMs: 15 * MINUTE }];
/**
 * Second-step codes (TOTP or recovery) per client and per account, every attempt counted: with the five
 * wrong codes a challenge takes, a password holder gets no more than this many guesses at a 6-digit code.
 */
export const SECOND_FACTOR_CLIENT_LIMITS: readonly RateLimit[] = [{ max: 10, windowMs: 15 * MINUTE }];
export const SECOND_FACTOR_ACCOUNT_LIMITS: readonly RateLimit[] = [{ max: 20, windowMs: HOUR }];
/** A client that signed in within this time is not held back by the global and per-account bounds. */
export const LOGIN_TRUST_MS = 30 * DAY;

/** The shortest time a person takes to fill in the inquiry form; a faster post is a bot's. */
export const INQUIRY_MIN_FILL_MS = 1_000;
/** The honeypot field's name: hidden from people, filled by form-filling bots. */
export const HONEYPOT_FIELD = 'website';

/** Production admin passwords must be at least this long (start-up refuses a shorter one). */
export const ADMIN_PASSWORD_MIN_LENGTH = 12;
