import { useEffect } from 'react';
import { useStore } from '@nanostores/react';
import type { Translate } from '~/i18n/translate';
import { $language } from '~/client/stores';
import { $me, endSessionIfUnauthorized } from '~/client/admin-session';
import { useQuery } from '~/client/hooks/use-query';
import { useBuiltInBatches } from '~/client/hooks/use-built-in-batches';
import { adminDateFormat } from '~/client/inbox/format';
import { PENDING_APPROVALS } from '~/client/proposals/api';
import type { Proposal } from '~/shared/proposals/types';
import ApprovalItem from './ApprovalItem';

/**
 * The owners' 결재 list (issue 39): every version waiting for an owner, oldest request first, with the rules it hit
 * and what it changes against asking and against its previous version; approve, reject or ask for changes with a
 * comment. An owner never decides their own submission (the server refuses it too: 403 `own_proposal`).
 */
export default function ApprovalsTab({ t }: { t: Translate }) {
  const { data, error, refetch } = useQuery<Proposal[]>(PENDING_APPROVALS);
  const lang = useStore($language);
  const me = useStore($me);
  const built = useBuiltInBatches(data, 4, 4);
  const dateFormat = adminDateFormat(lang);
  useEffect(() => {
    if (error) endSessionIfUnauthorized(error);
  }, [error]);

  return (
    <section aria-labelledby="approvals-title" className="grid gap-4" data-testid="approvals">
      <div>
        <h2 id="approvals-title" className="text-xl font-bold text-ink">{t('proposalPanel.approvals.title')}</h2>
        <p className="mt-1 text-sm text-muted">{t('proposalPanel.approvals.intro')}</p>
      </div>
      {error && <p role="alert" className="text-danger">{t('proposalPanel.approvals.loadFailed')}</p>}
      {!data && !error && <p className="text-muted">{t('proposalPanel.approvals.loading')}</p>}
      {data && data.length === 0 && <p className="text-muted" data-testid="approvals-empty">{t('proposalPanel.approvals.none')}</p>}
      {data && data.length > 0 && (
        <ul className="grid gap-4">
          {data.slice(0, built).map((proposal) => (
            <ApprovalItem key={`${proposal.id}-${proposal.revision}`} proposal={proposal} meId={me?.id ?? null} lang={lang} dateFormat={dateFormat} onDone={refetch} t={t} />
          ))}
        </ul>
      )}
    </section>
  );
}
