import { useEffect, useState } from 'react';
import { afterPaint } from '~/client/hooks/use-built-in-batches';
import type { Inquiry } from '~/shared/inquiry';
import type { Translate } from '~/i18n/translate';
import { NotificationBadge, StatusBadge } from './StatusBadge';
import { spaceLabel } from '../space-label';

interface Props {
  items: Inquiry[];
  selected: string | null;
  onOpen: (id: string) => void;
  dateFormat: Intl.DateTimeFormat;
  t: Translate;
}

/**
 * The inquiries as cards: stacked under 640 px, one row per inquiry above. The message is a two-line
 * preview; the whole of it is in the detail view (one tap away, no hover needed). A card below the screen
 * is laid out only when scrolled to (`content-visibility: auto`), so the first page of 50 paints after sign-in
 * without laying out the 40 nobody sees yet (issue 29); it sits on the button, not the list item, whose paint
 * containment would clip the button's focus ring.
 */
export default function InquiryList({ items, selected, onOpen, dateFormat, t }: Props) {
  const shown = useFirstScreenFirst(items.length);
  return (
    <ul className="grid gap-2" aria-label={t('inbox.listLabel')}>
      {items.slice(0, shown).map((inquiry) => (
        <li key={inquiry.id}>
          <button
            type="button"
            data-testid="inquiry-row"
            data-inquiry-id={inquiry.id}
            aria-current={selected === inquiry.id ? 'true' : undefined}
            onClick={() => onOpen(inquiry.id)}
            className={`grid w-full min-w-0 [contain-intrinsic-size:auto_7rem] [content-visibility:auto] scroll-mt-28 gap-1 rounded-xl border p-4 text-left text-sm hover:bg-mist focus-visible:outline-2 focus-visible:outline-brass-strong sm:grid-cols-[8rem_minmax(0,1fr)_auto] sm:gap-4 ${selected === inquiry.id ? 'border-brass-strong bg-mist' : 'border-line'}`}
          >
            <span className="text-xs text-muted sm:text-sm">{dateFormat.format(new Date(inquiry.createdAt))}</span>
            <span className="grid min-w-0 gap-1">
              <span className="font-semibold break-words text-ink">
                {inquiry.destroyedAt ? <em data-testid="inquiry-destroyed">{t('privacyRequests.destroyedLabel')}</em> : inquiry.name}
                {inquiry.suspendedAt && <span className="font-normal text-muted"> · {t('privacyRequests.suspendedLabel')}</span>}
                {inquiry.company && <span className="font-normal text-muted"> · {inquiry.company}</span>}
              </span>
              {inquiry.masked ? (
                <span className="text-xs text-muted" data-testid="inquiry-masked">{t('access.masked.badge')}</span>
              ) : (
                <span className="line-clamp-2 break-words text-muted">{inquiry.message}</span>
              )}
              {(inquiry.unit || (inquiry.attachmentCount ?? inquiry.attachments.length) > 0) && (
                <span className="text-xs text-muted">
                  {inquiry.unit && <span data-testid="inquiry-unit">{spaceLabel(inquiry.unit, t)}</span>}{' '}
                  {(inquiry.attachmentCount ?? inquiry.attachments.length) > 0 && <span>{t('inbox.attachmentCount', { n: inquiry.attachmentCount ?? inquiry.attachments.length })}</span>}
                </span>
              )}
            </span>
            <span className="flex flex-wrap items-center gap-2 sm:flex-col sm:items-end">
              {inquiry.overdue && <span className="rounded-full bg-danger px-2 py-0.5 text-xs font-semibold text-white" data-testid="overdue">{t('team.inbox.overdue')}</span>}
              {inquiry.tourToday && <span className="rounded-full bg-brass-soft px-2 py-0.5 text-xs font-semibold text-ink" data-testid="tour-today">{t('tours.panel.today')}</span>}
              <StatusBadge status={inquiry.status} t={t} />
              <span className="text-xs text-muted" data-testid="inquiry-assignee">{inquiry.assignee?.name ?? t('team.inbox.unassigned')}</span>
              <NotificationBadge state={inquiry.notification} t={t} />
            </span>
          </button>
        </li>
      ))}
    </ul>
  );
}

/** Cards of the first page a screen shows at most (a phone's ~7rem cards, a desktop's ~5rem rows). */
const FIRST_SCREEN = 12;

/**
 * How many cards to build: the first screen's while the list is first shown, so the page the team waits for after
 * signing in is painted without building the 38 below it (issue 29: ≤ 150 ms); the whole page a frame later and
 * from then on — a list read again (a filter, a status change) is built whole, so the scroll position never jumps.
 */
function useFirstScreenFirst(count: number): number {
  const [whole, setWhole] = useState(false);
  useEffect(() => (whole ? undefined : afterPaint(() => setWhole(true))), [whole]);
  return whole ? count : Math.min(count, FIRST_SCREEN);
}
