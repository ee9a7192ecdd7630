import { useState, type SubmitEvent } from 'react';
import type { Translate } from '~/i18n/translate';
import { can, type Role } from '~/shared/roles';
import { LEASE_LIMITS } from '~/shared/leases/lease';
import type { Proposal } from '~/shared/proposals/types';
import { endSessionIfUnauthorized } from '~/client/admin-session';
import { useQuery } from '~/client/hooks/use-query';
import { showToast } from '~/client/stores';
import { proposalsPath } from '~/client/proposals/api';
import { openLease, type LeaseRecord } from '~/client/leases/api';
import { Field } from '../proposals/form-parts';
import { leaseRefusal } from '../../leases/refusal';
import { spacesText } from '../../leases/lease-words';

interface Props {
  inquiryId: string;
  leases: readonly LeaseRecord[];
  role: Role | null;
  t: Translate;
  onOpened: () => void;
}

/**
 * How a lease starts (issue 40): from each accepted proposal not yet signed into a lease, prefilled from it; without
 * one, an owner may open it anyway, giving the reason (kept on the lease and in its history). An agent is told why
 * there is nothing to open yet.
 */
export default function OpenLease({ inquiryId, leases, role, t, onOpened }: Props) {
  const { data: proposals, error } = useQuery<Proposal[]>([proposalsPath(inquiryId)]);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  if (error) {
    endSessionIfUnauthorized(error);
    return <p role="alert" className="text-sm text-danger">{t('leasePanel.section.loadFailed')}</p>;
  }
  if (!proposals) return null;
  const leased = new Set(leases.map((lease) => lease.proposalId));
  const accepted = proposals.filter((proposal) => proposal.status === 'accepted' && !leased.has(proposal.id));
  const owner = can(role, 'leases.sign');

  const open = async (body: { proposalId?: string; overrideReason?: string }) => {
    if (busy) return;
    setBusy(true);
    try {
      await openLease(inquiryId, body);
      showToast({ title: t('leasePanel.toast.opened') });
      onOpened();
    } catch (failure) {
      if (!endSessionIfUnauthorized(failure)) showToast({ title: t('leasePanel.toast.failed'), description: leaseRefusal(failure, t), variant: 'destructive' });
      onOpened();
    } finally {
      setBusy(false);
    }
  };
  const override = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (reason.trim() === '') {
      setReasonError('leases.errors.overrideReasonRequired');
      document.getElementById('lease-override-reason')?.focus();
      return;
    }
    void open({ overrideReason: reason.trim() });
  };

  return (
    <div className="grid gap-3" data-testid="lease-open">
      {accepted.map((proposal) => (
        <div key={proposal.id} className="flex flex-wrap items-center gap-2 rounded-lg border border-line p-3 text-sm">
          <p className="min-w-0 flex-1 text-ink">{t('leasePanel.open.accepted', { version: proposal.version, spaces: spacesText(proposal.units, t) })}</p>
          <button type="button" disabled={busy} className="btn min-h-11 bg-ink text-white disabled:opacity-60" onClick={() => void open({ proposalId: proposal.id })}>
            {t('leasePanel.open.fromProposal', { version: proposal.version })}
          </button>
        </div>
      ))}
      {accepted.length === 0 && <p className="text-sm text-muted">{t(owner ? 'leasePanel.open.noneOwner' : 'leasePanel.open.noneAgent')}</p>}
      {owner && (
        <details className="rounded-lg border border-line p-3 text-sm">
          <summary className="min-h-11 cursor-pointer py-2 font-semibold text-ink">{t('leasePanel.open.override')}</summary>
          <form onSubmit={override} noValidate className="grid gap-2">
            <Field id="lease-override-reason" label={t('leasePanel.open.reason')} error={reasonError ?? undefined} hint={t('leasePanel.open.reasonHint')} t={t}>
              {(describedBy, invalid) => (
                <textarea id="lease-override-reason" rows={2} maxLength={LEASE_LIMITS.reason} value={reason} aria-invalid={invalid || undefined} aria-describedby={describedBy} onChange={(event) => { setReason(event.target.value); setReasonError(null); }} className="w-full rounded-md border border-muted px-3 py-2 text-base" />
              )}
            </Field>
            <button type="submit" disabled={busy} className="btn min-h-11 justify-self-start border border-ink text-ink disabled:opacity-60">{t('leasePanel.open.overrideConfirm')}</button>
          </form>
        </details>
      )}
    </div>
  );
}
