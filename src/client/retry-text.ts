import type { Translate } from '~/i18n/translate';
import { retryMinutes } from '~/shared/retry-minutes';

/** The admin lockout message, saying how long when the 429 told (Retry-After). */
export function lockoutText(t: Translate, retryAfter: number | undefined): string {
  return retryAfter === undefined ? t('admin.login.tooManyAttempts') : t('abuse.login.tryAgainIn', { minutes: retryMinutes(retryAfter) });
}
