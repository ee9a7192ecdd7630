import { useState } from 'react';
import type { Translate } from '~/i18n/translate';
import { CORRECTABLE_FIELDS, type CorrectableField } from '~/shared/inquiry';
import { inquiryReference } from '~/shared/inquiry-basics';
import { PRIVACY_ACTIONS_BY_KIND, type PrivacyAction, type PrivacyRequest } from '~/shared/privacy/requests';
import { ApiError } from '~/client/api';
import { endSessionIfUnauthorized } from '~/client/admin-session';
import { saveVersioned } from '~/client/conflict';
import { readDetail } from '~/client/inbox/api';
import { privacyRequestAction } from '~/client/staff-api';
import { showToast } from '~/client/stores';
import ConfirmDialog from '../ConfirmDialog';
import { useConflictDialog } from '../ConflictDialog';
import CorrectionPreview, { type CurrentValues } from './CorrectionPreview';

const INPUT = 'min-h-11 w-full rounded-md border border-muted bg-white px-3 text-base';

/** What an action changes on a request, as the conflict dialog compares it with what another owner saved. */
const REQUEST_FIELDS = ['status', 'outcome'] as const;
const requestFields = (request: Pick<PrivacyRequest, 'status' | 'outcome'>) => ({ status: request.status, outcome: request.outcome as string | null });

/** The action the owner is asked to confirm, with what a correction would change (its inquiries as they are now). */
type Asking = { action: PrivacyAction; current?: CurrentValues[] };

/**
 * One privacy request: who asked what and when it is due, links to the inquiries it concerns, and only the actions
 * its kind allows (PRIVACY_ACTIONS_BY_KIND). Every action is confirmed in the app's dialog first; a correction shows
 * each inquiry's current → new values there.
 */
export default function RequestCard({ request, t, day, onDone }: { request: PrivacyRequest; t: Translate; day: (at: string) => string; onDone: () => void }) {
  const [note, setNote] = useState('');
  const [fields, setFields] = useState<Partial<Record<CorrectableField, string>>>({});
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [asking, setAsking] = useState<Asking | null>(null);
  const id = request.id.slice(0, 8);
  const filled = Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined && value.trim() !== '').map(([key, value]) => [key, value!.trim()])) as Partial<Record<CorrectableField, string>>;
  const { ask, dialog } = useConflictDialog(t, 'privacyRequest', (field, value) =>
    field === 'status' ? t(value === 'open' ? 'privacyRequests.admin.statusOpen' : 'privacyRequests.admin.statusClosed')
      : field === 'outcome' ? (value === 'marketing_withdrawn' ? t('privacyRequests.kinds.marketing_withdrawal') : t(`privacyRequests.admin.actions.${String(value)}`))
        : null,
  );

  /** Opens the confirmation; a correction first reads its inquiries as they are now, to show current → new. */
  async function confirmFirst(action: PrivacyAction) {
    setProblem(null);
    if (action !== 'correct') return setAsking({ action });
    if (Object.keys(filled).length === 0) return setProblem('privacyRequests.admin.correctNothing');
    setBusy(true);
    try {
      const current = await Promise.all(request.inquiryIds.map(async (inquiryId) => {
        const inquiry = await readDetail(inquiryId);
        return { id: inquiryId, destroyed: Boolean(inquiry.destroyedAt), values: Object.fromEntries(CORRECTABLE_FIELDS.map((field) => [field, inquiry[field] ?? null])) as Record<CorrectableField, string | null> };
      }));
      setAsking({ action, current });
    } catch (err) {
      if (!endSessionIfUnauthorized(err)) setProblem('privacyRequests.errors.generic');
    } finally {
      setBusy(false);
    }
  }

  /** Acts on the request as the list showed it (its version): another owner's action first opens the conflict dialog. */
  async function act(action: PrivacyAction) {
    setBusy(true);
    setProblem(null);
    try {
      const outcome = await saveVersioned({
        base: requestFields(request),
        mine: { status: 'closed' as const, outcome: action },
        version: request.version,
        fields: REQUEST_FIELDS,
        project: (stored) => requestFields(stored as unknown as PrivacyRequest),
        send: (_value, version) => privacyRequestAction(request.id, { action, note: note.trim() || null, ...(action === 'correct' ? { fields: filled } : {}) }, version),
        ask,
      });
      if (outcome.kind === 'cancelled') return;
      showToast({ title: t(outcome.kind === 'took' ? 'conflict.took' : 'privacyRequests.admin.done') });
      onDone();
    } catch (err) {
      if (endSessionIfUnauthorized(err)) return;
      setProblem(err instanceof ApiError && err.fields ? Object.values(err.fields)[0] ?? 'privacyRequests.errors.generic' : 'privacyRequests.errors.generic');
    } finally {
      setBusy(false);
    }
  }

  const actions = PRIVACY_ACTIONS_BY_KIND[request.kind];
  return (
    <article aria-labelledby={`privacy-${id}`}>
      <h3 id={`privacy-${id}`} className="flex flex-wrap items-center gap-2 text-base font-bold text-ink">
        {t(`privacyRequests.kinds.${request.kind}`)}
        <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${request.status === 'open' ? 'bg-brass-soft text-ink' : 'bg-mist text-ink-soft'}`}>
          {t(request.status === 'open' ? 'privacyRequests.admin.statusOpen' : 'privacyRequests.admin.statusClosed')}
        </span>
        {request.overdue && <span className="rounded-full bg-danger px-2 py-0.5 text-xs font-semibold text-white">{t('privacyRequests.admin.overdue')}</span>}
      </h3>
      <dl className="mt-2 grid gap-x-6 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
        <dt className="font-semibold">{t('privacyRequests.admin.email')}</dt>
        <dd className="break-all">{request.email ?? t('privacyRequests.admin.emailCleared')}</dd>
        <dt className="font-semibold">{t('privacyRequests.admin.confirmedAt')}</dt>
        <dd>{day(request.confirmedAt)}</dd>
        <dt className="font-semibold">{t('privacyRequests.admin.dueAt')}</dt>
        <dd data-testid="privacy-due">{day(request.dueAt)}</dd>
        <dt className="font-semibold">{t('privacyRequests.admin.inquiries')}</dt>
        <dd>
          {/* Each inquiry it concerns, opened in the inbox. */}
          <ul className="grid gap-1" data-testid="privacy-inquiries">
            {request.inquiryIds.map((inquiryId) => (
              <li key={inquiryId}>
                <a className="text-brass-strong underline" href={`?inquiry=${inquiryId}`}>{t('privacyRequests.admin.inquiryLink', { reference: inquiryReference(inquiryId) })}</a>
              </li>
            ))}
          </ul>
        </dd>
        {request.details && (
          <>
            <dt className="font-semibold">{t('privacyRequests.admin.details')}</dt>
            <dd className="whitespace-pre-wrap">{request.details}</dd>
          </>
        )}
        {request.outcome && (
          <>
            <dt className="font-semibold">{t('privacyRequests.admin.outcome')}</dt>
            <dd>{request.outcome === 'marketing_withdrawn' ? t('privacyRequests.kinds.marketing_withdrawal') : t(`privacyRequests.admin.actions.${request.outcome}`)}</dd>
          </>
        )}
      </dl>
      {request.status === 'open' && (
        <div className="mt-4 grid gap-3">
          {actions.includes('correct') && (
            <fieldset className="grid gap-2 sm:grid-cols-2">
              <legend className="mb-1 text-sm font-semibold">{t('privacyRequests.admin.correctTitle')}</legend>
              {CORRECTABLE_FIELDS.map((field) => (
                <label key={field} className="grid gap-1 text-sm">
                  <span>{t(`privacyRequests.fields.${field}`)}</span>
                  <input className={INPUT} value={fields[field] ?? ''} onChange={(e) => setFields({ ...fields, [field]: e.target.value })} />
                </label>
              ))}
            </fieldset>
          )}
          <label className="grid gap-1 text-sm">
            <span className="font-semibold">{t('privacyRequests.admin.note')}</span>
            <textarea className={INPUT} rows={2} value={note} onChange={(e) => setNote(e.target.value)} />
          </label>
          <div className="flex flex-wrap gap-2">
            {actions.map((action) => (
              <button
                key={action}
                type="button"
                disabled={busy}
                onClick={() => void confirmFirst(action)}
                className={`btn min-h-11 ${action === 'destroy' ? 'bg-danger text-white' : 'border border-line text-ink hover:bg-mist'} disabled:opacity-60`}
              >
                {t(action === 'correct' ? 'privacyRequests.admin.previewCorrection' : `privacyRequests.admin.actions.${action}`)}
              </button>
            ))}
          </div>
          {problem && <p role="alert" className="text-sm font-medium text-danger">{t(problem)}</p>}
        </div>
      )}
      {asking && (
        <ConfirmDialog
          title={t(ACTION_TITLES[asking.action])}
          confirmLabel={t(`privacyRequests.admin.actions.${asking.action}`)}
          cancelLabel={t('privacyRequests.admin.cancel')}
          danger={asking.action === 'destroy'}
          testId="privacy-action-confirm"
          onCancel={() => setAsking(null)}
          onConfirm={() => {
            const { action } = asking;
            setAsking(null);
            void act(action);
          }}
        >
          {asking.current ? (
            <CorrectionPreview current={asking.current} fields={filled} t={t} />
          ) : (
            <p>{t(asking.action === 'destroy' ? 'privacyRequests.admin.confirmDestroy' : 'privacyRequests.admin.actionConfirmBody')}</p>
          )}
        </ConfirmDialog>
      )}
      {dialog}
    </article>
  );
}

const ACTION_TITLES: Record<PrivacyAction, string> = {
  send_copy: 'privacyRequests.admin.sendCopyConfirmTitle',
  destroy: 'privacyRequests.admin.destroyConfirmTitle',
  suspend: 'privacyRequests.admin.suspendConfirmTitle',
  correct: 'privacyRequests.admin.correctConfirmTitle',
  close: 'privacyRequests.admin.closeConfirmTitle',
};
