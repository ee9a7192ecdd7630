import type { Translate } from '~/i18n/translate';
import { ApiError } from './api';
import { lockoutText } from './retry-text';

/** Refusals that are about the account, not the words typed: each says what to do instead. */
const ACCOUNT_REFUSALS = {
  account_deactivated: 'secondFactor.errors.deactivated',
  passkey_required: 'secondFactor.errors.passkeyRequired',
} as const;

/** The dictionary key of an account refusal (deactivated, signs in with its passkey), or null for any other failure. */
export function accountRefusal(error: unknown): (typeof ACCOUNT_REFUSALS)[keyof typeof ACCOUNT_REFUSALS] | null {
  return error instanceof ApiError && error.code && error.code in ACCOUNT_REFUSALS ? ACCOUNT_REFUSALS[error.code as keyof typeof ACCOUNT_REFUSALS] : null;
}

/** Whether the server refused what was typed (a wrong password or code: 401 that is not an account refusal). */
export function typedWrong(error: unknown): boolean {
  return error instanceof ApiError && error.status === 401 && !accountRefusal(error);
}

/**
 * What a refused sign-in step says, the one path for the login card and the second step: too many attempts with
 * the minutes to wait, the account refusals, `wrongKey` for a wrong password or code, "unavailable" for the rest.
 */
export function signInErrorText(t: Translate, error: unknown, wrongKey: string): string {
  if (error instanceof ApiError && error.status === 429) return lockoutText(t, error.retryAfter);
  const refusal = accountRefusal(error);
  if (refusal) return t(refusal);
  return t(typedWrong(error) ? wrongKey : 'admin.login.unavailable');
}
