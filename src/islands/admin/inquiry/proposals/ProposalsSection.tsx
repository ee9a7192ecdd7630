import { useEffect, useMemo, useRef, useState } from 'react';
import { useStore } from '@nanostores/react';
import { useQuery } from '~/client/hooks/use-query';
import { useBuiltInBatches } from '~/client/hooks/use-built-in-batches';
import { endSessionIfUnauthorized } from '~/client/admin-session';
import { proposalsPath } from '~/client/proposals/api';
import { $proposalsChanged } from '~/client/proposals/changed';
import { can } from '~/shared/roles';
import type { Proposal } from '~/shared/proposals/types';
import type { InquirySectionProps } from '../section';
import ProposalEditor from './ProposalEditor';
import VersionItem from './VersionItem';
import type { VersionEdit } from './VersionActions';

/** The versions of a negotiation come newest first; a negotiation's newest is the one that continues it. */
function newestFirst(proposals: readonly Proposal[]): { list: Proposal[]; latest: Set<string> } {
  const list = proposals.toSorted((a, b) => b.createdAt.localeCompare(a.createdAt) || b.version - a.version);
  const latest = new Set<string>();
  const seen = new Set<string>();
  for (const proposal of list) {
    if (seen.has(proposal.rootId)) continue;
    seen.add(proposal.rootId);
    latest.add(proposal.id);
  }
  return { list, latest };
}

/**
 * An inquiry's proposals (issue 39): the versions as a timeline, newest first, each with its figures, what changed
 * and what may be done with it; a new proposal's form, or an edit's. Sending or an answer moves the inquiry, so
 * every write reads the inquiry again too.
 */
export default function ProposalsSection({ inquiry, role, writable, lang, dateFormat, refresh, t }: InquirySectionProps) {
  const { data, error, refetch } = useQuery<Proposal[]>([proposalsPath(inquiry.id)]);
  const [editing, setEditing] = useState<VersionEdit | { mode: 'new' } | null>(null);
  const canWrite = writable && can(role, 'proposals.write');
  const { list, latest } = useMemo(() => newestFirst(data ?? []), [data]);
  // A long negotiation's versions are built a few at a time, so opening an inquiry never blocks a tap.
  const built = useBuiltInBatches(list, 3, 3);
  const opener = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (error) endSessionIfUnauthorized(error);
  }, [error]);
  // A proposal made from elsewhere for this inquiry (a lease's renewal) shows here too.
  const madeElsewhere = useStore($proposalsChanged);
  useEffect(() => {
    if (madeElsewhere?.inquiryId === inquiry.id) refetch();
  }, [madeElsewhere, inquiry.id, refetch]);

  const changed = () => {
    refetch();
    // Sending moves the inquiry to 제안; show it here and in the list.
    refresh().catch(() => undefined);
  };
  const close = () => {
    setEditing(null);
    opener.current?.focus();
  };

  return (
    <section aria-labelledby="inquiry-proposals-title" className="grid gap-3" data-testid="inquiry-proposals">
      <h3 id="inquiry-proposals-title" className="text-sm font-semibold text-ink">{t('proposalPanel.section.title')}</h3>
      {error && <p role="alert" className="text-sm text-danger">{t('proposalPanel.section.loadFailed')}</p>}
      {!data && !error && <p className="text-sm text-muted">{t('proposalPanel.section.loading')}</p>}
      {data && data.length === 0 && <p className="text-sm text-muted">{t('proposalPanel.section.none')}</p>}
      {canWrite && editing === null && (
        <button ref={opener} type="button" className="btn min-h-11 justify-self-start bg-ink text-white" onClick={() => setEditing({ mode: 'new' })}>{t('proposalPanel.section.new')}</button>
      )}
      {canWrite && editing !== null && (
        <ProposalEditor
          key={editing.mode === 'new' ? 'new' : `${editing.mode}-${editing.proposal.id}`}
          edit={editing}
          inquiry={inquiry}
          lang={lang}
          t={t}
          onDone={() => {
            close();
            changed();
          }}
          onCancel={close}
        />
      )}
      {list.length > 0 && (
        <ol className="grid gap-3" aria-label={t('proposalPanel.timeline.title')}>
          {list.slice(0, built).map((proposal) => (
            <VersionItem
              key={`${proposal.id}-${proposal.revision}`}
              proposal={proposal}
              all={list}
              latest={latest.has(proposal.id)}
              canWrite={canWrite}
              email={inquiry.email}
              lang={lang}
              dateFormat={dateFormat}
              onEdit={setEditing}
              onChanged={changed}
              t={t}
            />
          ))}
        </ol>
      )}
    </section>
  );
}
