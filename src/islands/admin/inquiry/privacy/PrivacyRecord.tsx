import type { Inquiry } from '~/shared/inquiry';
import type { Translate } from '~/i18n/translate';

interface Props {
  inquiry: Pick<Inquiry, 'privacyNoticeVersion' | 'privacyNoticeAt' | 'marketingConsent' | 'marketingConsentAt'>;
  /** Its personal data was destroyed: the marketing choice went with it (it reads destroyed, not "did not agree"). */
  destroyed?: boolean;
  dateFormat: Intl.DateTimeFormat;
  t: Translate;
}

/**
 * What the visitor acknowledged and chose at the form (issue 24): the notice version and when, and the optional
 * marketing choice and when. The proof the leasing office needs before any advertising (PIPA Art. 22).
 */
export default function PrivacyRecord({ inquiry, destroyed = false, dateFormat, t }: Props) {
  const at = (value: string | null) => (value ? dateFormat.format(new Date(value)) : '');
  const notice = inquiry.privacyNoticeVersion
    ? t('privacy.admin.noticeAcknowledged', { version: inquiry.privacyNoticeVersion, at: at(inquiry.privacyNoticeAt) })
    : t('privacy.admin.noticeNone');
  const marketing = destroyed
    ? t('privacyRequests.admin.destroyedValue')
    : inquiry.marketingConsent
    ? t('privacy.admin.marketingYes', { at: at(inquiry.marketingConsentAt) })
    : inquiry.marketingConsentAt
      ? t('privacy.admin.marketingNoAt', { at: at(inquiry.marketingConsentAt) })
      : t('privacy.admin.marketingNo');
  return (
    <section aria-labelledby="inquiry-privacy-title" data-testid="inquiry-privacy">
      <h3 id="inquiry-privacy-title" className="text-sm font-semibold text-ink">{t('privacy.admin.title')}</h3>
      <dl className="mt-2 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[10rem_minmax(0,1fr)]">
        <dt className="font-semibold text-ink">{t('privacy.admin.notice')}</dt>
        <dd data-testid="inquiry-privacy-notice">{notice}</dd>
        <dt className="font-semibold text-ink">{t('privacy.admin.marketing')}</dt>
        <dd data-testid="inquiry-privacy-marketing">{marketing}</dd>
      </dl>
    </section>
  );
}
