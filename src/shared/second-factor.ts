import * as v from 'valibot';
import { objectMessages } from './object-messages.ts';

/**
 * The staff's second factor and sessions that end (issue 25, docs/decisions/025-second-factor.md and
 * 026-sessions-that-end.md): the rules the functions and the admin panel share.
 */

/** What `GET /api/admin/me` says of an account's strong factor: a TOTP app (first), a passkey, or none. */
export const SECOND_FACTORS = ['none', 'totp', 'passkey'] as const;
export type SecondFactor = (typeof SECOND_FACTORS)[number];

/** RFC 6238's defaults, which every authenticator app reads from the otpauth URL: SHA-1, 6 digits, 30 s. */
export const TOTP_DIGITS = 6;
export const TOTP_PERIOD_SECONDS = 30;
/** A code of the step before or after is accepted too (a phone's clock a little off). */
export const TOTP_WINDOW = 1;
/** Ten single-use recovery codes, shown once; each 16 characters of Crockford's base32 (80 bits). */
export const RECOVERY_CODE_COUNT = 10;
export const RECOVERY_CODE_LENGTH = 16;
/** The second step of a sign-in: its challenge lives five minutes and takes at most five wrong codes. */
export const SECOND_FACTOR_CHALLENGE_TTL_MS = 5 * 60_000;
export const SECOND_FACTOR_CHALLENGE_MAX_FAILURES = 5;

/** The owner's idle timeout (minutes): from five minutes to the 12 hours a session lasts at most. */
export const IDLE_TIMEOUT_RANGE = { min: 5, max: 720 } as const;
export const DEFAULT_IDLE_TIMEOUT_MINUTES = 30;
/** The panel warns this long before an idle session ends. */
export const IDLE_WARNING_MS = 60_000;

/** A six-digit code (spaces allowed, as apps show "123 456"). */
export function isTotpCode(code: string): boolean {
  return new RegExp(`^\\d{${TOTP_DIGITS}}$`).test(code.replace(/\s+/g, ''));
}

/** A recovery code as stored and compared: lower case, without the dashes and spaces it is shown with. */
export function normalizeRecoveryCode(code: string): string {
  return code.toLowerCase().replace(/[\s-]+/g, '');
}

const INVALID = 'secondFactor.errors.invalidCode';
/** A TOTP code or a recovery code, as typed. */
export const CodeSchema = v.pipe(v.string(INVALID), v.trim(), v.nonEmpty(INVALID), v.maxLength(64, INVALID));

const strict = <T extends v.ObjectEntries>(entries: T) => v.strictObject(entries, objectMessages({}, INVALID, 'team.errors.unknownField'));

/** POST /api/admin/login/second-factor. */
export const SecondFactorInputSchema = strict({ challenge: v.pipe(v.string(INVALID), v.regex(/^[A-Za-z0-9_-]{20,200}$/, INVALID)), code: CodeSchema });
/** POST /api/admin/me/totp/confirm and DELETE /api/admin/me/totp. */
export const TotpCodeInputSchema = strict({ code: CodeSchema });

/** POST /api/admin/me/totp: the key of a pending TOTP (on only after the first code is confirmed). */
export interface TotpSetup {
  secret: string;
  otpauthUrl: string;
}

/** What the signed-in person's panel needs to know of its own session and factor (part of GET /api/admin/me). */
export interface AccountSecurity {
  secondFactor: SecondFactor;
  /** Recovery codes not yet used (0 without an authenticator app). */
  recoveryCodesLeft: number;
  /** The owner requires a factor and this account has none: everything but setting one up answers 403. */
  secondFactorSetupRequired: boolean;
  /** The owner's setting, so the panel can tell owners while it is off. */
  requireSecondFactor: boolean;
  idleTimeoutMinutes: number;
  /** When this session ends whatever happens (12 hours after sign-in). */
  sessionExpiresAt: string;
  /**
   * Seconds from this answer to `sessionExpiresAt`: the panel counts from its own clock with this, so a device
   * whose clock is off (hours ahead, a test's fake clock) is not signed out early or kept late.
   */
  sessionSecondsLeft: number;
}
