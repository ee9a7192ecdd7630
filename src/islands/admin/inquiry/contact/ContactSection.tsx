import type { ReactNode } from 'react';
import { endSessionIfUnauthorized } from '~/client/admin-session';
import { openAttachment, type InquiryDetailWithFiles } from '~/client/inbox/api';
import { formatArea, formatBytes } from '~/client/inbox/format';
import { showToast } from '~/client/stores';
import { can } from '~/shared/roles';
import { NotificationBadge } from '../../inbox/StatusBadge';
import type { InquirySectionProps } from '../section';
import ContactEdit from './ContactEdit';
import { spaceLabel } from '../../space-label';

/** What the prospect wrote and who they are: the message, every field of the form, the attachments. */
export default function ContactSection({ inquiry: detail, role, writable, lang, change, t }: InquirySectionProps) {
  const none = <span className="text-muted">{t('inbox.none')}</span>;
  // Destroyed values read as destroyed, never as "none" or "not set": the fact that they existed stays true.
  const gone = detail.destroyedAt ? <span className="text-muted" data-testid="destroyed-value">{t('privacyRequests.admin.destroyedValue')}</span> : null;
  const masked = detail.masked === true;
  const attachmentCount = masked ? detail.attachmentCount ?? 0 : detail.attachments.length;
  const fields: [string, ReactNode][] = [
    // A masked address or number is shown as it came, never as a link that cannot work.
    ['email', gone ?? (masked ? <span className="break-all">{detail.email}</span> : <a className="break-all text-brass-strong underline" href={`mailto:${detail.email}`}>{detail.email}</a>)],
    ['phone', gone ?? (masked ? <span>{detail.phone}</span> : <a className="text-brass-strong underline" href={`tel:${(detail.phone ?? '').replace(/[^\d+]/g, '')}`}>{detail.phone}</a>)],
    ['company', gone ?? detail.company ?? none],
    ['businessType', detail.businessType ? t(`brands.category.${detail.businessType}`) : none],
    ['unit', detail.unit ? spaceLabel(detail.unit, t) : none],
    ['desiredFloors', detail.desiredFloors.length > 0 ? detail.desiredFloors.map((floor) => t(`units.floor.${floor}`)).join(', ') : none],
    ['desiredArea', detail.desiredAreaM2 ? formatArea(detail.desiredAreaM2, t('inbox.pyeong')) : none],
    ['moveInDate', gone ?? detail.moveInDate ?? none],
    // The form's 상관없음 is the visitor's choice (sent as no method): said as chosen, not as "없음".
    ['preferredContact', gone ?? t(`inbox.contact.${detail.preferredContact ?? 'any'}`)],
    ['locale', detail.locale ? t(`inbox.locales.${detail.locale}`) : none],
    ['source', detail.source ? <SourceText source={detail.source} /> : none],
    // Its notifications were deleted with it: "not set up" would say none was ever sent.
    ['notification', gone ?? (detail.notification === 'off' ? t('inbox.notification.off') : <NotificationBadge state={detail.notification} t={t} />)],
  ];

  async function open(index: number) {
    try {
      await openAttachment(detail.id, index, lang, detail.attachmentFiles[index]?.contentType ?? null);
    } catch (error) {
      if (!endSessionIfUnauthorized(error)) showToast({ title: t('inbox.attachmentFailed'), variant: 'destructive' });
    }
  }

  return (
    <>
      <section aria-labelledby="inquiry-message-title">
        <h3 id="inquiry-message-title" className="text-sm font-semibold text-ink">{t('inbox.fields.message')}</h3>
        {gone ? (
          <p className="mt-1 text-muted" data-testid="inquiry-message">{gone}</p>
        ) : masked ? (
          <p className="mt-1 text-muted" data-testid="inquiry-message">{t('access.masked.message')}</p>
        ) : (
          <p className="mt-1 whitespace-pre-wrap break-words" data-testid="inquiry-message">{detail.message}</p>
        )}
      </section>

      <dl className="grid gap-x-6 gap-y-3 text-sm sm:grid-cols-[10rem_minmax(0,1fr)]">
        {fields.map(([key, value]) => (
          <div key={key} className="contents">
            <dt className="font-semibold text-ink">{t(`inbox.fields.${key}`)}</dt>
            <dd className="min-w-0 break-words">{value}</dd>
          </div>
        ))}
      </dl>

      {writable && detail.masked !== true && <ContactEdit key={detail.version} inquiry={detail} change={change} t={t} />}

      <section aria-labelledby="inquiry-attachments-title">
        <h3 id="inquiry-attachments-title" className="text-sm font-semibold text-ink">{t('inbox.fields.attachments')}</h3>
        {gone ? (
          <p className="mt-1 text-sm">{gone}</p>
        ) : attachmentCount === 0 ? (
          <p className="mt-1 text-sm text-muted">{t('inbox.none')}</p>
        ) : masked ? (
          <p className="mt-1 text-sm text-muted">{t('access.masked.attachments', { n: attachmentCount })}</p>
        ) : (
          <ul className="mt-1 grid gap-1 text-sm">
            {detail.attachmentFiles.map((file, i) => (
              <li key={i}>
                {can(role, 'inquiries.attachments') ? (
                  <button type="button" className="min-h-11 text-left text-brass-strong underline" onClick={() => void open(i)}>
                    {file.name ?? t('inbox.attachment', { n: i + 1 })}
                  </button>
                ) : (
                  <span>{file.name ?? t('inbox.attachment', { n: i + 1 })}</span>
                )}
                {file.size !== null && <span className="text-muted"> ({formatBytes(file.size, lang)})</span>}
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}

function SourceText({ source }: { source: NonNullable<InquiryDetailWithFiles['source']> }) {
  const utm = Object.entries(source.utm).map(([key, value]) => `${key}=${value}`).join(' ');
  return <span className="break-all">{[source.path, source.referrer, utm].filter(Boolean).join(' · ')}</span>;
}
