import { RETENTION_ATTRIBUTE, retentionPeriodText, type PrivacyNoticeAnswer, type RetentionPeriods } from '../shared/privacy/notice.ts';

/**
 * The policy in force is built with the default retention periods; the owner may have changed them since
 * (settings). This asks the server which periods the destruction job applies (GET /api/privacy/notice) and
 * writes them where the page shows a period, so the page never states a period the system does not apply
 * (decision 022). Earlier versions are left as they were written. Without script or answer, the built
 * figures stay.
 */
export function showRetentionInForce(): void {
  const spots = document.querySelectorAll<HTMLElement>(`[data-retention-scope="in-force"] [${RETENTION_ATTRIBUTE}]`);
  if (spots.length === 0) return;
  const localeTag = document.documentElement.lang || 'ko';
  fetch('/api/privacy/notice')
    .then((response) => (response.ok ? (response.json() as Promise<PrivacyNoticeAnswer>) : null))
    .then((answer) => {
      if (!answer) return;
      for (const spot of spots) {
        const days = answer.retention[spot.getAttribute(RETENTION_ATTRIBUTE) as keyof RetentionPeriods];
        if (typeof days !== 'number') continue;
        const text = retentionPeriodText(days, localeTag);
        if (spot.textContent !== text) spot.textContent = text;
      }
    })
    .catch(() => {
      /* the built figures stay */
    });
}
