import { useEffect } from 'react';
import type { Inquiry } from '~/shared/inquiry';
import type { Translate } from '~/i18n/translate';
import { LOCALE_TAGS } from '~/i18n/locales';
import { useQuery } from '~/client/use-query';
import { endSessionIfUnauthorized } from '~/client/admin-session';

const MESSAGE_PREVIEW_CHARS = 60;
const DATE_FORMAT = new Intl.DateTimeFormat(LOCALE_TAGS.ko, { dateStyle: 'medium', timeStyle: 'short' });

/** Inquiries, newest first; dates in the Korean locale (spec §2); attachments as signed links. */
export default function InquiriesTab({ t }: { t: Translate }) {
  const { data, error } = useQuery<Inquiry[]>(['/api/inquiries']);
  useEffect(() => {
    if (error) endSessionIfUnauthorized(error);
  }, [error]);

  if (error) return <p role="alert" className="text-danger">{t('admin.inquiries.loadFailed')}</p>;
  if (!data) return <p className="text-muted">{t('admin.inquiries.loading')}</p>;
  if (data.length === 0) return <p className="text-muted">{t('admin.inquiries.empty')}</p>;
  return (
    <div className="overflow-x-auto rounded-xl border border-line">
      <table className="w-full min-w-[48rem] text-left text-sm">
        <caption className="sr-only">{t('admin.inquiries.caption')}</caption>
        <thead className="bg-mist text-ink">
          <tr>
            {['date', 'name', 'email', 'phone', 'message', 'attachments'].map((col) => (
              <th key={col} scope="col" className="px-4 py-3 font-semibold">{t(`admin.inquiries.columns.${col}`)}</th>
            ))}
          </tr>
        </thead>
        <tbody>
          {data.map((inquiry) => (
            <tr key={inquiry.id} className="border-t border-line align-top" data-testid="inquiry-row">
              <td className="whitespace-nowrap px-4 py-3">{DATE_FORMAT.format(new Date(inquiry.createdAt))}</td>
              <td className="px-4 py-3">{inquiry.name}</td>
              <td className="px-4 py-3">{inquiry.email}</td>
              <td className="whitespace-nowrap px-4 py-3">{inquiry.phone}</td>
              <td className="px-4 py-3" title={inquiry.message}>{inquiry.unit && <span className="mr-2 rounded bg-brass-soft px-1.5 py-0.5 text-xs font-semibold text-ink" data-testid="inquiry-unit">{t('units.chip.value', { floor: t(`units.floor.${inquiry.unit.floor}`), unit: inquiry.unit.unitNumber })}</span>}{truncate(inquiry.message)}</td>
              <td className="px-4 py-3">
                {inquiry.attachments.length === 0 ? (
                  <span className="text-muted">{t('admin.inquiries.noAttachments')}</span>
                ) : (
                  <ul className="grid gap-1">
                    {inquiry.attachments.map((url, i) => (
                      <li key={url}>
                        <a href={url} target="_blank" rel="noopener" className="text-brass-strong underline">
                          {t('admin.inquiries.attachment', { n: i + 1 })}
                        </a>
                      </li>
                    ))}
                  </ul>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function truncate(text: string): string {
  return text.length > MESSAGE_PREVIEW_CHARS ? `${text.slice(0, MESSAGE_PREVIEW_CHARS)}…` : text;
}
