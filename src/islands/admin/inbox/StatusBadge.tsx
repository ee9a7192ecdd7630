import type { InquiryStatus, NotificationState } from '~/shared/inquiry';
import type { Translate } from '~/i18n/translate';

const STATUS_STYLE: Record<InquiryStatus, string> = {
  new: 'bg-brass-strong text-white',
  contacted: 'bg-mist text-ink',
  touring: 'bg-mist text-ink',
  proposal: 'bg-mist text-ink',
  won: 'bg-ink text-white',
  lost: 'border border-line text-muted',
};

export function StatusBadge({ status, t }: { status: InquiryStatus; t: Translate }) {
  return (
    <span className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold ${STATUS_STYLE[status]}`} data-testid="inquiry-status">
      {t(`inbox.status.${status}`)}
    </span>
  );
}

/** Only states that need attention are shown loudly; `off` (not configured) is said once on the inbox. */
export function NotificationBadge({ state, t }: { state: NotificationState; t: Translate }) {
  if (state === 'off') return null;
  const tone = state === 'failed' ? 'text-danger' : state === 'retrying' ? 'text-ink' : 'text-muted';
  return (
    <span className={`text-xs ${tone}`} data-testid="notification-state">
      {t(`inbox.notification.${state}`)}
    </span>
  );
}
