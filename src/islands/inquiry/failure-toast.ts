import { ApiError } from '~/client/api';
import type { showToast } from '~/client/stores';
import type { Translate } from '~/i18n/translate';
import { retryMinutes } from '~/shared/retry-minutes';

/**
 * The toast of a failed send: a throttled one (429) says how long to wait, a refused space (a unit that
 * was leased meanwhile) says so; what was typed stays.
 */
export function inquiryFailureToast(t: Translate, error: unknown, unitError: string | null = null): Parameters<typeof showToast>[0] {
  if (error instanceof ApiError && error.status === 429) {
    const minutes = retryMinutes(error.retryAfter ?? 60);
    return { title: t('abuse.inquiry.tooMany'), description: t('abuse.inquiry.tooManyDescription', { minutes }), variant: 'destructive' };
  }
  return { title: t(unitError ?? 'inquiry.toast.failure'), description: t('inquiry.toast.failureDescription'), variant: 'destructive' };
}
