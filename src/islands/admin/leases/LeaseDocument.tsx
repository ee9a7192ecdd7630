import { useState } from 'react';
import type { Translate } from '~/i18n/translate';
import { formatDay } from '~/shared/deals/display';
import { endSessionIfUnauthorized } from '~/client/admin-session';
import { showToast } from '~/client/stores';
import { documentLink, type LeaseRecord } from '~/client/leases/api';
import { leaseRefusal } from './refusal';

/**
 * The signed PDF (a private file): a link that works for five minutes is made on request — the activity log records
 * who asked — and offered to open, so no standing address to the contract is ever on the screen.
 */
export default function LeaseDocument({ lease, lang, t }: { lease: LeaseRecord; lang: string; t: Translate }) {
  const [url, setUrl] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  if (!lease.document) return <p className="text-sm text-muted">{t('leasePanel.documents.none')}</p>;
  const ask = async () => {
    if (busy) return;
    setBusy(true);
    try {
      setUrl((await documentLink(lease.id, lang)).url);
    } catch (error) {
      if (!endSessionIfUnauthorized(error)) showToast({ title: t('leasePanel.toast.failed'), description: leaseRefusal(error, t), variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="flex flex-wrap items-center gap-2 text-sm" data-testid="lease-document">
      <span className="text-ink">{t('leasePanel.documents.signed', { day: lease.signedOn ? formatDay(lease.signedOn, lang) : '—' })}</span>
      {url ? (
        <a href={url} target="_blank" rel="noopener noreferrer" className="btn min-h-11 border border-ink text-ink underline">{t('leasePanel.documents.open')}</a>
      ) : (
        <button type="button" disabled={busy} className="btn min-h-11 border border-ink text-ink disabled:opacity-60" onClick={() => void ask()}>{t('leasePanel.documents.link')}</button>
      )}
      {url && <span className="text-xs text-muted">{t('leasePanel.documents.linkNote')}</span>}
    </div>
  );
}
