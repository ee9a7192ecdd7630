import type { Translate } from '~/i18n/translate';
import { fillRetention, retentionPeriodText, type RetentionPeriods } from '~/shared/privacy/notice';
import FieldError, { fieldErrorId } from './FieldError';

/** One version of the collection notice (content/privacy-notice/), as the form shows it. */
export interface NoticeText {
  version: string;
  title: string;
  purpose: string;
  requiredItems: string;
  optionalItems: string;
  retention: string;
  basis: string;
  refusal: string;
  acknowledge: string;
  marketing: { label: string; purpose: string; items: string; period: string; refusal: string };
}

/** The required box: its id is the field's, so a message on `privacyNoticeVersion` lands here and focus with it. */
export const ACKNOWLEDGE_ID = 'inquiry-privacyNoticeVersion';
export const MARKETING_ID = 'inquiry-marketingConsent';

interface Props {
  notice: NoticeText;
  /** The retention periods in force (the defaults until GET /api/privacy/notice says otherwise). */
  periods: RetentionPeriods;
  localeTag: string;
  policyHref: string;
  acknowledged: boolean;
  marketing: boolean;
  onAcknowledge: (ticked: boolean) => void;
  onMarketing: (ticked: boolean) => void;
  error: string | undefined;
  t: Translate;
}

const box = 'size-6 shrink-0 accent-brass-strong';

/**
 * The collection notice above the send button (PIPA Art. 15, 22; issue 24): purpose, items (required and
 * optional apart), retention, legal basis, the right to refuse and what refusing means, with a link to the
 * policy; then the required box and, apart, the optional marketing box with its own terms. Both start
 * unticked; only the first is required.
 */
export default function PrivacyNotice({ notice, periods, localeTag, policyHref, acknowledged, marketing, onAcknowledge, onMarketing, error, t }: Props) {
  const rows: [string, string][] = [
    [t('privacy.notice.purpose'), notice.purpose],
    [t('privacy.notice.requiredItems'), notice.requiredItems],
    [t('privacy.notice.optionalItems'), notice.optionalItems],
    [t('privacy.notice.retention'), fillRetention(notice.retention, (setting) => retentionPeriodText(periods[setting], localeTag))],
    [t('privacy.notice.basis'), notice.basis],
    [t('privacy.notice.refusal'), notice.refusal],
  ];
  return (
    <div className="grid gap-4 text-sm" data-testid="privacy-notice" data-version={notice.version}>
      <section aria-labelledby="inquiry-notice-title" className="rounded-xl border border-line bg-white p-4 sm:p-5">
        <h3 id="inquiry-notice-title" className="text-base font-bold text-ink">{notice.title}</h3>
        <dl className="mt-3 grid gap-2 sm:grid-cols-[10rem_1fr]">
          {rows.map(([term, text]) => (
            <div key={term} className="contents">
              <dt className="font-semibold text-ink">{term}</dt>
              <dd className="text-ink" data-testid={term === t('privacy.notice.retention') ? 'notice-retention' : undefined}>{text}</dd>
            </div>
          ))}
        </dl>
        <p className="mt-3">
          <a href={policyHref} className="font-semibold text-brass-strong underline underline-offset-4">{t('privacy.notice.policyLink')}</a>
        </p>
        <div className="mt-4 flex items-start gap-3">
          <input
            id={ACKNOWLEDGE_ID}
            type="checkbox"
            className={box}
            checked={acknowledged}
            required
            aria-required="true"
            aria-invalid={Boolean(error) || undefined}
            aria-describedby={error ? fieldErrorId(ACKNOWLEDGE_ID) : undefined}
            onChange={(event) => onAcknowledge(event.target.checked)}
          />
          <label htmlFor={ACKNOWLEDGE_ID} className="font-semibold text-ink">{notice.acknowledge}</label>
        </div>
        <FieldError id={ACKNOWLEDGE_ID} message={error && t(error)} />
      </section>
      <section aria-labelledby={`${MARKETING_ID}-label`} className="rounded-xl border border-line bg-white p-4 sm:p-5">
        <div className="flex items-start gap-3">
          <input id={MARKETING_ID} type="checkbox" className={box} checked={marketing} aria-describedby={`${MARKETING_ID}-terms`} onChange={(event) => onMarketing(event.target.checked)} />
          <label id={`${MARKETING_ID}-label`} htmlFor={MARKETING_ID} className="font-semibold text-ink">{notice.marketing.label}</label>
        </div>
        <dl id={`${MARKETING_ID}-terms`} className="mt-3 grid gap-2 sm:grid-cols-[10rem_1fr]">
          <dt className="font-semibold text-ink">{t('privacy.notice.marketingPurpose')}</dt>
          <dd>{notice.marketing.purpose}</dd>
          <dt className="font-semibold text-ink">{t('privacy.notice.marketingItems')}</dt>
          <dd>{notice.marketing.items}</dd>
          <dt className="font-semibold text-ink">{t('privacy.notice.marketingPeriod')}</dt>
          <dd>{notice.marketing.period}</dd>
        </dl>
        <p className="mt-2 font-semibold text-ink">{notice.marketing.refusal}</p>
      </section>
    </div>
  );
}
