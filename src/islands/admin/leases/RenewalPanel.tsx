import { useEffect, useMemo, useState } from 'react';
import type { Translate } from '~/i18n/translate';
import type { AmendedRow } from '~/shared/deals/amendments';
import { formatDay, formatKrw, perAreaLine } from '~/shared/deals/display';
import { renewalIncrease, renewalTerms } from '~/shared/leases/renewal';
import type { Proposal } from '~/shared/proposals/types';
import { endSessionIfUnauthorized } from '~/client/admin-session';
import { useQuery } from '~/client/hooks/use-query';
import { showToast } from '~/client/stores';
import { createProposal, proposalsPath } from '~/client/proposals/api';
import { proposalsChanged } from '~/client/proposals/changed';
import type { LeaseRecord } from '~/client/leases/api';
import { leaseRefusal } from './refusal';

/** A renewal negotiation still going: not refused, lapsed, taken back or replaced. */
const CLOSED: readonly Proposal['status'][] = ['rejected', 'declined', 'expired', 'withdrawn', 'superseded'];

interface Props {
  lease: LeaseRecord;
  rows: readonly AmendedRow[];
  /** The person may start a proposal on the lease's inquiry (agents and owners, the inquiry not stopped). */
  canPropose: boolean;
  lang: string;
  t: Translate;
}

/**
 * A signed lease's renewal (issue 40; 상가건물 임대차보호법 §10, a summary, not legal advice): the tenant's renewal-demand
 * window and the day renewals reach 10 years; and a renewal started as a proposal on the same inquiry, marked as the
 * renewal, prefilled from the lease (src/shared/leases/renewal.ts) — the increase against the rent paid now said,
 * and warned of over 5 % where the Act protects the tenant in full.
 */
export default function RenewalPanel({ lease, rows, canPropose, lang, t }: Props) {
  const terms = useMemo(() => renewalTerms({ terms: lease.terms, area: lease.area, amendments: lease.amendments.map((one) => ({ effectiveOn: one.effectiveOn, changes: one.changes })) }, rows), [lease, rows]);
  const increase = useMemo(() => renewalIncrease(rows.findLast((row) => row.phase === 'term')?.rentKrw ?? 0, terms, lease.area), [rows, terms, lease.area]);
  return (
    <section aria-labelledby={`lease-${lease.id}-renewal`} className="grid gap-2 rounded-md bg-mist p-3 text-sm text-ink" data-testid="lease-renewal">
      <h5 id={`lease-${lease.id}-renewal`} className="font-bold">{t('leasePanel.renewal.title')}</h5>
      <p>{t('leasePanel.renewal.window', { from: formatDay(lease.renewal.windowOpensOn, lang), to: formatDay(lease.renewal.windowClosesOn, lang) })}</p>
      <p>{t('leasePanel.renewal.tenYears', { day: formatDay(lease.renewal.tenYearsOn, lang) })}</p>
      <p className="text-xs text-muted">{t('leasePanel.renewal.note')}</p>
      {canPropose && <RenewalProposal lease={lease} terms={terms} increase={increase} lang={lang} t={t} />}
    </section>
  );
}

function RenewalProposal({ lease, terms, increase, lang, t }: { lease: LeaseRecord; terms: ReturnType<typeof renewalTerms>; increase: ReturnType<typeof renewalIncrease>; lang: string; t: Translate }) {
  const { data, error, refetch } = useQuery<Proposal[]>([proposalsPath(lease.inquiryId)]);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (error) endSessionIfUnauthorized(error);
  }, [error]);
  if (error) return <p role="alert" className="text-danger">{t('leasePanel.section.loadFailed')}</p>;
  if (!data) return null;
  const going = data.filter((proposal) => proposal.renewalOf === lease.id && !CLOSED.includes(proposal.status)).at(-1);
  if (going) {
    return (
      <p data-testid="renewal-proposal">
        {t('leasePanel.renewal.going', { version: going.version, status: t(`proposals.status.${going.status}`) })}{' '}
        <a className="underline" href={`?inquiry=${lease.inquiryId}`}>{t('leasePanel.page.inquiry')}</a>
      </p>
    );
  }
  const start = async () => {
    if (busy) return;
    setBusy(true);
    try {
      const made = await createProposal(lease.inquiryId, { unitIds: lease.unitIds, terms, renewalOf: lease.id });
      showToast({ title: t('leasePanel.toast.renewalDrafted', { version: made.version }) });
      proposalsChanged(lease.inquiryId);
      refetch();
    } catch (failure) {
      if (!endSessionIfUnauthorized(failure)) showToast({ title: t('leasePanel.toast.failed'), description: leaseRefusal(failure, t), variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="grid gap-2 border-t border-line pt-2" data-testid="renewal-start">
      <p>{t('leasePanel.renewal.prefill', { day: formatDay(terms.startDate, lang), months: terms.termMonths, rent: perAreaLine(terms.rentPerM2Krw, lang, t) })}</p>
      <p className="tabular-nums" data-testid="renewal-increase">
        {t('leasePanel.renewal.increase', { now: formatKrw(increase.currentRentKrw, lang), next: formatKrw(increase.newRentKrw, lang), pct: increase.increasePct })}
      </p>
      {increase.overCap && <p role="note" className="rounded-md border border-brass-strong bg-brass-soft p-2" data-testid="renewal-cap">{t('deals.metrics.escalationOverCap')}</p>}
      <button type="button" disabled={busy} className="btn min-h-11 justify-self-start border border-ink text-ink disabled:opacity-60" onClick={() => void start()}>{t('leasePanel.renewal.start')}</button>
    </div>
  );
}
