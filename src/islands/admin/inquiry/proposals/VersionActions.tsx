import { useState, type SubmitEvent } from 'react';
import type { Translate } from '~/i18n/translate';
import { LOCALES } from '~/i18n/locales';
import { downloadProposalPdf, proposalAction, sendProposal } from '~/client/proposals/api';
import { showToast } from '~/client/stores';
import { endSessionIfUnauthorized } from '~/client/admin-session';
import { isEditable, REVISABLE_STATUSES, WITHDRAWABLE_STATUSES } from '~/shared/proposals/statuses';
import type { Proposal } from '~/shared/proposals/types';
import ConfirmDialog from '../../ConfirmDialog';
import { refusalOf, useProposalWrite } from './use-proposal-write';
import { field } from './form-parts';

/** What the form is opened for: an unsent version changed in place, or the next version of one the prospect saw. */
export type VersionEdit = { mode: 'edit' | 'next'; proposal: Proposal };

/** Only what is not yet sent may be submitted again: a draft, or one an owner sent back. */
const SUBMITTABLE: readonly Proposal['status'][] = ['draft', 'changes_requested'];

interface Props {
  proposal: Proposal;
  latest: boolean;
  canWrite: boolean;
  email: string | null;
  lang: string;
  onEdit: (edit: VersionEdit) => void;
  onChanged: () => void;
  t: Translate;
}

/**
 * What may be done with a version now, by its status (src/shared/proposals/statuses.ts): edit or submit an unsent
 * one, send an approved one, continue a sent or answered one as the next version, withdraw what is still open, and
 * its PDF in the prospect's language and the panel's.
 */
export default function VersionActions({ proposal, latest, canWrite, email, lang, onEdit, onChanged, t }: Props) {
  const [open, setOpen] = useState<'send' | 'withdraw' | null>(null);
  const [busy, setBusy] = useState(false);
  const { write, dialog } = useProposalWrite(proposal, lang, t, onChanged);
  const version = proposal.version;
  // A prospect's counter is theirs: it is answered by our next version, never sent or withdrawn by us.
  const ours = proposal.proposedBy === 'landlord';

  /** One write at a time: a second click while the first is under way does nothing. */
  const once = async (run: () => Promise<unknown>) => {
    if (busy) return;
    setBusy(true);
    try {
      await run();
    } finally {
      setBusy(false);
    }
  };
  const submit = () =>
    once(() =>
      write({}, (_value, revision) => proposalAction(proposal.id, 'submit', revision), (saved) =>
        saved.status === 'pending_approval'
          ? t('proposalPanel.toast.pending', { rules: saved.approvals.at(-1)?.rules.filter((rule) => rule.hit).map((rule) => t(`proposalPanel.rules.names.${rule.rule}`)).join(', ') ?? '' })
          : t('proposalPanel.toast.approvedAuto'),
      ),
    );
  const withdraw = () => once(() => write({}, (_value, revision) => proposalAction(proposal.id, 'withdraw', revision), () => t('proposalPanel.toast.withdrawn', { version })));
  const pdf = (language: string) =>
    once(() =>
      downloadProposalPdf(proposal, language).catch((error: unknown) => {
        if (!endSessionIfUnauthorized(error)) showToast({ title: t('proposalPanel.toast.failed'), description: refusalOf(error, t), variant: 'destructive' });
      }),
    );
  const button = 'btn min-h-11 border border-ink text-ink disabled:opacity-60';
  const languages = [...new Set([proposal.locale, lang])];

  return (
    <div className="grid gap-3">
      {dialog}
      <div className="flex flex-wrap gap-2" data-testid="proposal-actions">
        {canWrite && isEditable(proposal.status) && (
          <button type="button" className={button} disabled={busy} onClick={() => onEdit({ mode: 'edit', proposal })}>{t('proposalPanel.actions.edit')}</button>
        )}
        {canWrite && SUBMITTABLE.includes(proposal.status) && (
          <button type="button" className="btn min-h-11 bg-ink text-white disabled:opacity-60" disabled={busy} onClick={() => void submit()}>{t('proposalPanel.actions.submit')}</button>
        )}
        {canWrite && proposal.status === 'approved' && (
          <button type="button" className="btn min-h-11 bg-ink text-white disabled:opacity-60" aria-expanded={open === 'send'} disabled={busy} onClick={() => setOpen(open === 'send' ? null : 'send')}>{t('proposalPanel.actions.send')}</button>
        )}
        {/* A lost mail or a wrong address: the same version again, with a new link (the old one stops working). */}
        {canWrite && ours && proposal.status === 'sent' && (
          <button type="button" className={button} aria-expanded={open === 'send'} disabled={busy} onClick={() => setOpen(open === 'send' ? null : 'send')}>{t('proposalPanel.actions.resend')}</button>
        )}
        {canWrite && latest && REVISABLE_STATUSES.includes(proposal.status) && (
          <button type="button" className={button} disabled={busy} onClick={() => onEdit({ mode: 'next', proposal })}>{t('proposalPanel.actions.editNext')}</button>
        )}
        {canWrite && ours && WITHDRAWABLE_STATUSES.includes(proposal.status) && (
          <button type="button" className={button} disabled={busy} onClick={() => setOpen('withdraw')}>{t('proposalPanel.actions.withdraw')}</button>
        )}
        {languages.map((language) => (
          <button key={language} type="button" className={button} disabled={busy} onClick={() => void pdf(language)}>
            {t('proposalPanel.actions.pdf', { lang: t(`inbox.locales.${language}`) })}
          </button>
        ))}
      </div>
      {open === 'send' && <SendForm proposal={proposal} email={email} busy={busy} t={t} onCancel={() => setOpen(null)} onSend={(to, locale) => once(async () => {
        const sent = await write({}, (_value, revision) => sendProposal(proposal.id, { ...(to ? { to } : {}), locale: locale as Proposal['locale'] }, revision), () => t('proposalPanel.toast.sent', { version }));
        if (sent) setOpen(null);
      })} />}
      {open === 'withdraw' && (
        <ConfirmDialog title={t('proposalPanel.withdraw.title', { version })} confirmLabel={t('proposalPanel.withdraw.confirm')} cancelLabel={t('proposalPanel.actions.cancel')} danger onConfirm={() => { setOpen(null); void withdraw(); }} onCancel={() => setOpen(null)} testId="withdraw-dialog">
          <p>{t('proposalPanel.withdraw.body')}</p>
        </ConfirmDialog>
      )}
    </div>
  );
}

/** Sending: to the inquiry's address unless another is typed, in the prospect's language (the mail, PDF and page). */
function SendForm({ proposal, email, busy, onSend, onCancel, t }: { proposal: Proposal; email: string | null; busy: boolean; onSend: (to: string, locale: string) => void; onCancel: () => void; t: Translate }) {
  const [to, setTo] = useState('');
  const [locale, setLocale] = useState<string>(proposal.locale);
  const id = `send-${proposal.id}`;
  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSend(to.trim(), locale);
  };
  return (
    <form onSubmit={submit} className="grid gap-3 rounded-lg border border-line p-3" aria-labelledby={`${id}-title`} data-testid="send-form">
      <h5 id={`${id}-title`} className="text-sm font-bold text-ink">{t('proposalPanel.send.title', { version: proposal.version })}</h5>
      <div className="grid gap-3 sm:grid-cols-2">
        <label className="grid gap-1 text-sm">
          <span className="font-semibold">{t('proposalPanel.send.to')}</span>
          <input type="email" name="to" autoComplete="off" value={to} onChange={(event) => setTo(event.target.value)} aria-describedby={`${id}-hint`} className={field} />
          <span id={`${id}-hint`} className="text-xs text-muted">{t('proposalPanel.send.toHint', { email: email ?? '—' })}</span>
        </label>
        <label className="grid gap-1 text-sm">
          <span className="font-semibold">{t('proposalPanel.send.locale')}</span>
          <select name="locale" value={locale} onChange={(event) => setLocale(event.target.value)} className={field}>
            {LOCALES.map((code) => <option key={code} value={code}>{t(`inbox.locales.${code}`)}</option>)}
          </select>
        </label>
      </div>
      <p className="text-xs text-muted">{t('proposalPanel.send.note')}</p>
      <div className="flex flex-wrap gap-2">
        <button type="submit" disabled={busy} className="btn min-h-11 bg-ink text-white disabled:opacity-60">{busy ? t('proposalPanel.actions.working') : t('proposalPanel.send.confirm')}</button>
        <button type="button" onClick={onCancel} className="btn min-h-11 border border-ink text-ink">{t('proposalPanel.actions.cancel')}</button>
      </div>
    </form>
  );
}
