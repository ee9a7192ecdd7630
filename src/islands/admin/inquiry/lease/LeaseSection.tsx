import { lazy, Suspense, useEffect } from 'react';
import { useQuery } from '~/client/hooks/use-query';
import { endSessionIfUnauthorized } from '~/client/admin-session';
import { inquiryLeasesPath, type LeaseRecord } from '~/client/leases/api';
import { can } from '~/shared/roles';
import type { InquirySectionProps } from '../section';
import OpenLease from './OpenLease';

// A lease's form, schedule and signing come when the inquiry has a lease, not with every inquiry opened.
const LeaseDetail = lazy(() => import('../../leases/LeaseDetail'));

/**
 * An inquiry's leases (issue 40): the won deal's lease, opened from the accepted proposal (or an owner's override
 * with a reason) and prefilled from it; drafted, signed by an owner with the signed PDF, then amended — newest first.
 * Signing moves the inquiry to won, so every write reads the inquiry again too.
 */
export default function LeaseSection({ inquiry, role, writable, lang, dateFormat, refresh, t }: InquirySectionProps) {
  const { data, error, refetch } = useQuery<LeaseRecord[]>([inquiryLeasesPath(inquiry.id)]);
  const canOpen = writable && can(role, 'leases.write') && data !== undefined && !data.some((lease) => lease.status === 'draft');
  useEffect(() => {
    if (error) endSessionIfUnauthorized(error);
  }, [error]);
  const changed = () => {
    refetch();
    refresh().catch(() => undefined);
  };

  return (
    <section aria-labelledby="inquiry-lease-title" className="grid gap-3" data-testid="inquiry-lease">
      <h3 id="inquiry-lease-title" className="text-sm font-semibold text-ink">{t('leasePanel.section.title')}</h3>
      {error && <p role="alert" className="text-sm text-danger">{t('leasePanel.section.loadFailed')}</p>}
      {!data && !error && <p className="text-sm text-muted">{t('leasePanel.section.loading')}</p>}
      {data && data.length === 0 && !canOpen && <p className="text-sm text-muted">{t('leasePanel.section.none')}</p>}
      {canOpen && <OpenLease inquiryId={inquiry.id} leases={data} role={role} t={t} onOpened={changed} />}
      {data && data.length > 0 && (
        <Suspense fallback={<p className="text-sm text-muted">{t('leasePanel.section.loading')}</p>}>
          {data.map((lease) => (
            <LeaseDetail key={lease.id} lease={lease} role={role} writable={writable} lang={lang} dateFormat={dateFormat} t={t} onChanged={changed} />
          ))}
        </Suspense>
      )}
    </section>
  );
}
