import type { Translate } from '~/i18n/translate';
import { ApiError } from '~/client/api';
import { endSessionIfUnauthorized } from '~/client/admin-session';
import { saveVersioned } from '~/client/conflict';
import { showToast } from '~/client/stores';
import type { ProposalConflictRecord } from '~/client/proposals/api';
import { PROPOSAL_VERSIONED_FIELDS, proposalFields, proposalValueFormat, type ProposalFields } from '~/client/proposals/versions';
import type { Proposal } from '~/shared/proposals/types';
import { useConflictDialog } from '../../ConflictDialog';

/**
 * The dictionary key of an error code's words: `proposal_not_pending` → `proposals.errors.notPending`,
 * `own_proposal` → `proposals.errors.ownProposal` (the server's codes, docs/api/proposals.md).
 */
export const codeKey = (code: string) => `proposals.errors.${code.replace(/^proposal_/, '').replace(/_([a-z])/g, (_, letter: string) => letter.toUpperCase())}`;

/** What a refused write says: the first field's message, else the code's words, else a general failure. */
export function refusalOf(error: unknown, t: Translate): string {
  if (!(error instanceof ApiError)) return t('proposalPanel.errors.generic');
  const field = Object.values(error.fields ?? {})[0];
  if (field) return t(field);
  const key = error.code ? codeKey(error.code) : '';
  return key && t(key) !== key ? t(key) : t('proposalPanel.errors.generic');
}

/**
 * Writes to one proposal on the revision the screen showed (decision 033): when someone changed it since, the
 * conflict dialog shows what they changed (terms, status, spaces) and the person goes ahead on the stored
 * revision, takes theirs (the screen is read again), or stops. A refusal is said in a toast, in the panel's words.
 */
export function useProposalWrite(proposal: Proposal, lang: string, t: Translate, onDone: () => void) {
  const { ask, dialog } = useConflictDialog(t, 'proposal', proposalValueFormat(t, lang, proposal));

  /**
   * `send` writes `value` (the person's change merged with what is stored) at `revision`; `done` names the toast;
   * `shown` says a refusal was already shown where it belongs (a form's fields), so no toast repeats it.
   */
  async function write(
    change: Partial<ProposalFields>,
    send: (value: ProposalFields, revision: number) => Promise<Proposal>,
    done: (saved: Proposal) => string,
    shown: (error: unknown) => boolean = () => false,
  ): Promise<Proposal | null> {
    const base = proposalFields(proposal);
    try {
      const outcome = await saveVersioned({
        base,
        mine: { ...base, ...change },
        version: proposal.revision,
        fields: PROPOSAL_VERSIONED_FIELDS,
        project: (stored) => proposalFields((stored as unknown as ProposalConflictRecord).proposal),
        send: (value, revision) => send(value, revision ?? proposal.revision),
        ask,
      });
      if (outcome.kind === 'cancelled') return null;
      showToast({ title: outcome.kind === 'took' ? t('conflict.took') : done(outcome.result) });
      onDone();
      return outcome.kind === 'saved' ? outcome.result : null;
    } catch (error) {
      if (!endSessionIfUnauthorized(error) && !shown(error)) {
        showToast({ title: t('proposalPanel.toast.failed'), description: refusalOf(error, t), variant: 'destructive' });
        // A refusal about the proposal's state (sent, no longer pending): show it as it is now.
        if (error instanceof ApiError && error.status === 409) onDone();
      }
      return null;
    }
  }
  return { write, dialog };
}
