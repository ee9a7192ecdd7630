import { useMemo } from 'react';
import type { Translate } from '~/i18n/translate';
import { DEAL_TERM_FIELDS } from '~/shared/deals/term-fields';
import { formatDay, termText } from '~/shared/deals/display';
import type { Proposal, ProposalLinkInfo } from '~/shared/proposals/types';
import { lastSeoulDay } from '../../day-text';
import { changesFromAsking, parentOf, spacesText, termChanges } from '~/client/proposals/versions';
import ApprovalTrail from './ApprovalTrail';
import EconomicsPanel from './EconomicsPanel';
import TermChanges from './TermChanges';
import VersionActions, { type VersionEdit } from './VersionActions';
import ProposalResponseView from './ProposalResponse';

/** How a status reads at a glance: waiting on us, out with the prospect, settled, or closed. */
export const STATUS_CLASS: Record<Proposal['status'], string> = {
  draft: 'bg-line text-ink',
  pending_approval: 'bg-brass-soft text-ink border border-brass-strong',
  changes_requested: 'bg-brass-soft text-ink border border-brass-strong',
  rejected: 'bg-danger text-white',
  approved: 'bg-ink text-white',
  sent: 'bg-ink text-white',
  accepted: 'bg-success text-white',
  declined: 'bg-danger text-white',
  countered: 'bg-brass-strong text-white',
  expired: 'bg-line text-ink',
  withdrawn: 'bg-line text-ink',
  superseded: 'bg-line text-ink',
};

interface Props {
  proposal: Proposal;
  all: readonly Proposal[];
  /** Is this the newest version of its negotiation (only that one continues it)? */
  latest: boolean;
  canWrite: boolean;
  /** The inquiry's address (the send form's default recipient). */
  email: string | null;
  lang: string;
  dateFormat: Intl.DateTimeFormat;
  onEdit: (edit: VersionEdit) => void;
  onChanged: () => void;
  t: Translate;
}

/**
 * One version in the timeline: who proposed it and its status, what changed against the previous version and
 * against asking, its economics, its approval trail and the prospect's answer, and what may be done with it now.
 */
export default function VersionItem({ proposal, all, latest, canWrite, email, lang, dateFormat, onEdit, onChanged, t }: Props) {
  const parent = parentOf(proposal, all);
  const vsParent = useMemo(() => (parent ? termChanges(parent.terms, proposal.terms, lang, t) : null), [parent, proposal, lang, t]);
  const vsAsking = useMemo(() => changesFromAsking(proposal, lang, t), [proposal, lang, t]);
  const id = `proposal-${proposal.id}`;
  const by = proposal.proposedBy === 'prospect'
    ? t('proposalPanel.timeline.createdByProspect', { at: dateFormat.format(new Date(proposal.createdAt)) })
    : t('proposalPanel.timeline.createdBy', { name: proposal.createdBy?.name ?? '—', at: dateFormat.format(new Date(proposal.createdAt)) });

  return (
    <li className="grid gap-3 rounded-lg border border-line p-3 sm:p-4" data-testid="proposal-version" data-version={proposal.version} data-status={proposal.status} aria-labelledby={`${id}-title`}>
      <div className="flex flex-wrap items-center gap-2">
        <h4 id={`${id}-title`} className="text-base font-bold text-ink">{t('proposalPanel.timeline.version', { version: proposal.version })}</h4>
        <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${STATUS_CLASS[proposal.status]}`} data-testid="proposal-status">{t(`proposals.status.${proposal.status}`)}</span>
        <span className="text-sm text-muted">{t(`proposals.proposedBy.${proposal.proposedBy}`)}</span>
        {parent && <span className="text-sm text-muted">· {t('proposalPanel.timeline.parent', { version: parent.version })}</span>}
        {proposal.renewalOf && <span className="rounded-full border border-ink px-2 py-0.5 text-xs font-semibold text-ink" data-testid="proposal-renewal">{t('leasePanel.renewal.badge')}</span>}
      </div>
      <p className="text-sm text-muted">
        {by} · {spacesText(proposal, t)} · {t('proposalPanel.timeline.validUntil', { day: formatDay(proposal.validUntil, lang) })}
      </p>
      {proposal.sentAt && proposal.link && (
        <p className="text-sm text-muted" data-testid="proposal-sent">
          {t('proposalPanel.timeline.sent', { at: dateFormat.format(new Date(proposal.sentAt)), to: proposal.link.recipient ?? '—', lang: t(`inbox.locales.${proposal.link.locale}`) })}
          {proposal.link.firstViewedAt && ` · ${t('proposalPanel.timeline.viewed', { at: dateFormat.format(new Date(proposal.link.firstViewedAt)) })}`}
          {!proposal.link.decidedAt && <span data-testid="proposal-link-state"> · {linkState(proposal.link, dateFormat, lang, t)}</span>}
        </p>
      )}
      {proposal.hold && (
        <p className="text-sm font-semibold text-ink" data-testid="proposal-hold">
          {proposal.hold.releasedAt
            ? t('proposalPanel.timeline.holdReleased', { at: dateFormat.format(new Date(proposal.hold.releasedAt)), reason: t(`proposalPanel.holdReasons.${proposal.hold.releaseReason ?? 'lapsed'}`) })
            : t('proposalPanel.timeline.hold', { at: dateFormat.format(new Date(proposal.hold.until)) })}
        </p>
      )}
      {proposal.hold?.releaseReason === 'released' && (
        <p className="text-sm text-ink" data-testid="proposal-hold-released-by">
          {t('proposalPanel.timeline.holdReleasedBy', { by: proposal.hold.releasedBy?.name || '—', note: proposal.hold.releaseNote ?? '' })}
        </p>
      )}
      {proposal.askingChanged.length > 0 && <p role="note" className="rounded-md bg-brass-soft p-2 text-sm text-ink">{t('proposalPanel.form.askingChanged')}</p>}
      <div className="grid gap-3 md:grid-cols-2">
        <TermChanges title={t('proposalPanel.timeline.changedVsPrevious')} changes={vsParent} empty={t('proposalPanel.timeline.noChanges')} none={t('proposalPanel.timeline.firstVersion')} t={t} testId="changes-vs-previous" />
        <TermChanges title={t('proposalPanel.timeline.changedVsAsking')} changes={vsAsking} empty={t('proposalPanel.timeline.sameAsAsking')} none={t('deals.metrics.noAsking')} t={t} testId="changes-vs-asking" />
      </div>
      <EconomicsPanel id={`${id}-economics`} metrics={proposal.metrics} askingRentPerM2={proposal.asking.rentPerM2Krw} lang={lang} t={t} compact />
      <details className="text-sm">
        <summary className="min-h-11 cursor-pointer py-2 font-semibold text-ink">{t('proposalPanel.timeline.terms')}</summary>
        <dl className="grid gap-x-4 gap-y-1 sm:grid-cols-2">
          {DEAL_TERM_FIELDS.map((field) => (
            <div key={field} className="flex justify-between gap-2 border-b border-line py-1">
              <dt className="text-muted">{t(`deals.terms.${field}`)}</dt>
              <dd className="text-right break-words text-ink">{termText(field, proposal.terms, lang, t)}</dd>
            </div>
          ))}
        </dl>
      </details>
      <ApprovalTrail approvals={proposal.approvals} lang={lang} dateFormat={dateFormat} t={t} />
      {proposal.response && <ProposalResponseView response={proposal.response} all={all} dateFormat={dateFormat} t={t} />}
      <VersionActions proposal={proposal} latest={latest} canWrite={canWrite} email={email} lang={lang} onEdit={onEdit} onChanged={onChanged} t={t} />
    </li>
  );
}

/** Whether the prospect's link still opens, in words: until its last day, stopped (a resend, a withdrawal), or expired. */
function linkState(link: ProposalLinkInfo, dateFormat: Intl.DateTimeFormat, lang: string, t: Translate): string {
  if (link.revokedAt) return t('proposalPanel.timeline.linkStopped', { at: dateFormat.format(new Date(link.revokedAt)) });
  const day = formatDay(lastSeoulDay(link.expiresAt), lang);
  return Date.parse(link.expiresAt) <= Date.now() ? t('proposalPanel.timeline.linkExpired', { day }) : t('proposalPanel.timeline.linkOpen', { day });
}
