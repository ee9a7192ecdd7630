import { useState } from 'react';
import { useStore } from '@nanostores/react';
import { LOCALE_TAGS } from '~/i18n/locales';
import type { Translate } from '~/i18n/translate';
import type { PrivacyAction, PrivacyRequest } from '~/shared/privacy/requests';
import { ApiError } from '~/client/api';
import { endSessionIfUnauthorized } from '~/client/admin-session';
import { saveVersioned } from '~/client/conflict';
import { privacyRequestAction } from '~/client/staff-api';
import { $language, showToast } from '~/client/stores';
import { useQuery } from '~/client/hooks/use-query';
import { useConflictDialog } from '../ConflictDialog';

const INPUT = 'min-h-11 w-full rounded-md border border-muted bg-white px-3 text-base';
const ACTIONS: PrivacyAction[] = ['send_copy', 'correct', 'suspend', 'destroy', 'close'];
const CORRECTABLE = ['name', 'email', 'phone', 'company', 'message'] as const;

/** What an action changes on a request, as the conflict dialog compares it with what another owner saved. */
const REQUEST_FIELDS = ['status', 'outcome'] as const;
const requestFields = (request: Pick<PrivacyRequest, 'status' | 'outcome'>) => ({ status: request.status, outcome: request.outcome as string | null });

/**
 * "개인정보 요청" (owner): visitors' confirmed privacy requests, open ones first with their due day (10 days after
 * confirmation; overdue marked). Each action works the address's inquiries, closes the request and mails the outcome.
 */
export default function PrivacyTab({ t }: { t: Translate }) {
  const lang = useStore($language);
  const { data, error, refetch } = useQuery<PrivacyRequest[]>(['/api/admin/privacy-requests']);
  const day = new Intl.DateTimeFormat(LOCALE_TAGS[lang], { dateStyle: 'medium', timeZone: 'Asia/Seoul' });
  if (error && endSessionIfUnauthorized(error)) return null;

  return (
    <section aria-labelledby="privacy-requests-title" className="mt-6 grid gap-4">
      <h2 id="privacy-requests-title" className="text-xl font-bold text-ink">{t('privacyRequests.admin.title')}</h2>
      <p className="max-w-3xl text-sm text-ink-soft">{t('privacyRequests.admin.intro')}</p>
      {error && <p role="alert" className="text-danger">{t('privacyRequests.errors.generic')}</p>}
      {data && data.length === 0 && <p className="text-muted">{t('privacyRequests.admin.empty')}</p>}
      <ul className="grid gap-4" aria-label={t('privacyRequests.admin.title')}>
        {data?.map((request) => (
          <li key={request.id} data-testid="privacy-request" className="rounded-xl border border-line bg-white p-4">
            <RequestCard request={request} t={t} day={(at) => day.format(new Date(at))} onDone={refetch} />
          </li>
        ))}
      </ul>
    </section>
  );
}

function RequestCard({ request, t, day, onDone }: { request: PrivacyRequest; t: Translate; day: (at: string) => string; onDone: () => void }) {
  const [note, setNote] = useState('');
  const [fields, setFields] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const id = request.id.slice(0, 8);
  const { ask, dialog } = useConflictDialog(t, 'privacyRequest', (field, value) =>
    field === 'status' ? t(value === 'open' ? 'privacyRequests.admin.statusOpen' : 'privacyRequests.admin.statusClosed')
      : field === 'outcome' ? (value === 'marketing_withdrawn' ? t('privacyRequests.kinds.marketing_withdrawal') : t(`privacyRequests.admin.actions.${String(value)}`))
        : null,
  );

  /** Acts on the request as the list showed it (its version): another owner's action first opens the conflict dialog. */
  async function act(action: PrivacyAction) {
    if (action === 'destroy' && !window.confirm(t('privacyRequests.admin.confirmDestroy'))) return;
    setBusy(true);
    setProblem(null);
    try {
      const filled = Object.fromEntries(Object.entries(fields).filter(([, value]) => value.trim() !== ''));
      const base = requestFields(request);
      const outcome = await saveVersioned({
        base,
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
        <dd>{request.inquiryIds.length}</dd>
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
          {request.kind === 'correction' && (
            <fieldset className="grid gap-2 sm:grid-cols-2">
              <legend className="mb-1 text-sm font-semibold">{t('privacyRequests.admin.correctTitle')}</legend>
              {CORRECTABLE.map((field) => (
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
            {ACTIONS.map((action) => (
              <button
                key={action}
                type="button"
                disabled={busy}
                onClick={() => void act(action)}
                className={`btn min-h-11 ${action === 'destroy' ? 'bg-danger text-white' : 'border border-line text-ink hover:bg-mist'} disabled:opacity-60`}
              >
                {t(`privacyRequests.admin.actions.${action}`)}
              </button>
            ))}
          </div>
          {problem && <p role="alert" className="text-sm font-medium text-danger">{t(problem)}</p>}
        </div>
      )}
      {dialog}
    </article>
  );
}
