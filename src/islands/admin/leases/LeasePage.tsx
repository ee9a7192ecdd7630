import { useEffect, useRef } from 'react';
import type { Translate } from '~/i18n/translate';
import type { Role } from '~/shared/roles';
import { endSessionIfUnauthorized } from '~/client/admin-session';
import { useQuery } from '~/client/hooks/use-query';
import { revealAndFocus } from '~/client/reveal-and-focus';
import { leasePath, type LeaseRecord } from '~/client/leases/api';
import LeaseDetail from './LeaseDetail';

interface Props {
  id: string;
  role: Role | null;
  lang: string;
  dateFormat: Intl.DateTimeFormat;
  t: Translate;
  onBack: () => void;
}

/** One lease's page on the leases tab: the whole lease (LeaseDetail), a way back to the list and to its inquiry. */
export default function LeasePage({ id, role, lang, dateFormat, t, onBack }: Props) {
  const { data, error, refetch } = useQuery<LeaseRecord>([leasePath(id)]);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (error) endSessionIfUnauthorized(error);
  }, [error]);
  useEffect(() => {
    if (data && heading.current) revealAndFocus(heading.current, heading.current);
  }, [data?.id]);

  return (
    <section aria-labelledby="lease-page-title" className="grid min-w-0 gap-4" data-testid="lease-page"
      onKeyDown={(event) => {
        if (event.key === 'Escape' && !event.defaultPrevented) {
          event.preventDefault();
          onBack();
        }
      }}
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="lease-page-title" ref={heading} tabIndex={-1} className="scroll-mt-28 text-xl font-bold text-ink">{t('leasePanel.page.title')}</h2>
        <div className="flex flex-wrap gap-2">
          {data && <a className="btn min-h-11 border border-line text-ink hover:bg-mist" href={`?inquiry=${data.inquiryId}`}>{t('leasePanel.page.inquiry')}</a>}
          <button type="button" className="btn min-h-11 border border-line text-ink hover:bg-mist" onClick={onBack}>{t('leasePanel.page.back')}</button>
        </div>
      </div>
      {error && <p role="alert" className="text-danger">{t('leasePanel.page.loadFailed')}</p>}
      {!data && !error && <p className="text-muted">{t('leasePanel.section.loading')}</p>}
      {/* The tab is not the inquiry: a draft's writes are still refused by the server for a stopped inquiry. */}
      {data && <LeaseDetail key={`${data.id}-${data.version}`} lease={data} role={role} writable lang={lang} dateFormat={dateFormat} t={t} onChanged={() => refetch()} />}
    </section>
  );
}
