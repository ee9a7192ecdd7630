import { useMemo, useState } from 'react';
import type { Translate } from '~/i18n/translate';
import { useQuery } from '~/client/hooks/use-query';
import { decideProposal, type ApprovalAction } from '~/client/proposals/api';
import { changesFromAsking, spacesText, termChanges } from '~/client/proposals/versions';
import { inquiryReference } from '~/shared/inquiry-basics';
import { PROPOSAL_LIMITS } from '~/shared/proposals/limits';
import type { Proposal } from '~/shared/proposals/types';
import EconomicsPanel from '../inquiry/proposals/EconomicsPanel';
import TermChanges from '../inquiry/proposals/TermChanges';
import { RuleList } from '../inquiry/proposals/ApprovalTrail';
import { useProposalWrite } from '../inquiry/proposals/use-proposal-write';

const ACTIONS: { action: ApprovalAction; label: string; toast: string; needsComment: boolean }[] = [
  { action: 'approve', label: 'proposalPanel.approvals.approve', toast: 'proposalPanel.toast.approved', needsComment: false },
  { action: 'request-changes', label: 'proposalPanel.approvals.requestChanges', toast: 'proposalPanel.toast.changesRequested', needsComment: true },
  { action: 'reject', label: 'proposalPanel.approvals.reject', toast: 'proposalPanel.toast.rejected', needsComment: true },
];

interface Props {
  proposal: Proposal;
  meId: string | null;
  lang: string;
  dateFormat: Intl.DateTimeFormat;
  onDone: () => void;
  t: Translate;
}

/**
 * One proposal waiting for an owner. A decision is made on the revision shown: if the agent changed it meanwhile
 * (or another owner decided), the conflict dialog shows what changed before anything is decided (decision 033).
 */
export default function ApprovalItem({ proposal, meId, lang, dateFormat, onDone, t }: Props) {
  const { data: parent } = useQuery<Proposal>(proposal.parentId ? [`/api/proposals/${proposal.parentId}`] : null);
  const [comment, setComment] = useState('');
  const [commentError, setCommentError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const { write, dialog } = useProposalWrite(proposal, lang, t, onDone);
  const round = proposal.approvals.at(-1);
  const own = round?.requestedBy?.id !== undefined && round.requestedBy.id === meId;
  const vsAsking = useMemo(() => changesFromAsking(proposal, lang, t), [proposal, lang, t]);
  const vsParent = useMemo(() => (parent ? termChanges(parent.terms, proposal.terms, lang, t) : null), [parent, proposal, lang, t]);
  const id = `approval-${proposal.id}`;

  async function decide(action: ApprovalAction, toast: string, needsComment: boolean) {
    if (busy) return;
    if (needsComment && comment.trim() === '') {
      setCommentError('proposals.errors.commentRequired');
      document.getElementById(`${id}-comment`)?.focus();
      return;
    }
    setCommentError(null);
    setBusy(true);
    try {
      await write({}, (_value, revision) => decideProposal(proposal.id, action, comment.trim(), revision), () => t(toast, { version: proposal.version }));
    } finally {
      setBusy(false);
    }
  }

  return (
    <li className="grid gap-3 rounded-xl border border-line p-4" aria-labelledby={`${id}-title`} data-testid="approval-item" data-proposal={proposal.id}>
      {dialog}
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 id={`${id}-title`} className="text-base font-bold text-ink">
          {t('proposalPanel.approvals.inquiry', { reference: inquiryReference(proposal.inquiryId) })} · {t('proposalPanel.timeline.version', { version: proposal.version })} · {spacesText(proposal, t)}
        </h3>
        <a className="inline-flex min-h-11 items-center text-sm text-brass-strong underline" href={`${window.location.pathname}?inquiry=${proposal.inquiryId}`}>{t('proposalPanel.approvals.open')}</a>
      </div>
      {round && <p className="text-sm text-muted">{t('proposalPanel.approvals.requested', { name: round.requestedBy?.name ?? '—', at: dateFormat.format(new Date(round.requestedAt)) })}</p>}
      {round && <RuleList rules={round.rules} lang={lang} t={t} />}
      <div className="grid gap-3 md:grid-cols-2">
        <TermChanges title={t('proposalPanel.timeline.changedVsAsking')} changes={vsAsking} empty={t('proposalPanel.timeline.sameAsAsking')} none={t('deals.metrics.noAsking')} t={t} testId="changes-vs-asking" />
        <TermChanges
          title={t('proposalPanel.timeline.changedVsPrevious')}
          changes={proposal.parentId ? vsParent ?? [] : null}
          empty={t(proposal.parentId && !parent ? 'proposalPanel.approvals.loading' : 'proposalPanel.timeline.noChanges')}
          none={t('proposalPanel.timeline.firstVersion')}
          t={t}
          testId="changes-vs-previous"
        />
      </div>
      <EconomicsPanel id={`${id}-economics`} metrics={proposal.metrics} askingRentPerM2={proposal.asking.rentPerM2Krw} lang={lang} t={t} compact />
      {own ? (
        <p role="note" className="rounded-md bg-mist p-2 text-sm text-ink" data-testid="own-proposal">{t('proposalPanel.approvals.own')}</p>
      ) : (
        <div className="grid gap-2">
          <label htmlFor={`${id}-comment`} className="text-sm font-semibold text-ink">{t('proposalPanel.approvals.comment')}</label>
          <textarea
            id={`${id}-comment`}
            rows={2}
            maxLength={PROPOSAL_LIMITS.comment}
            value={comment}
            aria-invalid={commentError ? true : undefined}
            aria-describedby={`${id}-comment-hint${commentError ? ` ${id}-comment-error` : ''}`}
            onChange={(event) => setComment(event.target.value)}
            className="w-full rounded-md border border-muted px-3 py-2 text-base aria-[invalid=true]:border-danger"
          />
          <span id={`${id}-comment-hint`} className="text-xs text-muted">{t('proposalPanel.approvals.commentHint')}</span>
          {commentError && <span id={`${id}-comment-error`} className="text-sm text-danger">{t(commentError)}</span>}
          <div className="flex flex-wrap gap-2">
            {ACTIONS.map(({ action, label, toast, needsComment }) => (
              <button
                key={action}
                type="button"
                disabled={busy}
                onClick={() => void decide(action, toast, needsComment)}
                className={`btn min-h-11 disabled:opacity-60 ${action === 'approve' ? 'bg-ink text-white' : action === 'reject' ? 'border border-danger text-danger' : 'border border-ink text-ink'}`}
              >
                {t(label)}
              </button>
            ))}
          </div>
        </div>
      )}
    </li>
  );
}
