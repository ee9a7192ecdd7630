import { useEffect, useRef, useState, type SubmitEvent } from 'react';
import { INQUIRY_STATUSES, INQUIRY_VERSIONED_FIELDS, inquiryFields, inquiryPatchBetween, type InquiryDetail, type InquiryStatus } from '~/shared/inquiry';
import { inquiryReference } from '~/shared/inquiry-basics';
import type { Translate } from '~/i18n/translate';
import { ApiError } from '~/client/api';
import { endSessionIfUnauthorized } from '~/client/admin-session';
import { openAttachment, patchInquiry, readDetail, type InquiryDetailWithFiles } from '~/client/inbox-api';
import { destroyInquiryNow } from '~/client/staff-api';
import { formatArea, formatBytes } from '~/client/inbox-format';
import { showToast } from '~/client/stores';
import { revealAndFocus } from '~/client/reveal-and-focus';
import { useKeptDraft } from '~/client/kept-drafts';
import { $me } from '~/client/admin-session';
import { can } from '~/shared/roles';
import { useStore } from '@nanostores/react';
import { NotificationBadge, StatusBadge } from './StatusBadge';
import AssignmentControls from './AssignmentControls';
import HistoryEntry from './HistoryEntry';
import PrivacyRecord from './PrivacyRecord';
import InquiryTours from '../tours/InquiryTours';
import { saveVersioned } from '~/client/conflict';
import { useAssignees } from '~/client/hooks/use-assignees';
import { useConflictDialog } from '../ConflictDialog';
import ConfirmDialog from '../ConfirmDialog';

interface Props {
  id: string;
  lang: string;
  dateFormat: Intl.DateTimeFormat;
  onClose: () => void;
  /** After a change, so the list and counts show it. */
  onChanged: () => void;
  t: Translate;
}

/** Everything about one inquiry: every field, contact links, attachments, history, notes and status. */
export default function InquiryDetailView({ id, lang, dateFormat, onClose, onChanged, t }: Props) {
  const [detail, setDetail] = useState<InquiryDetailWithFiles | null>(null);
  const [failed, setFailed] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  // A viewer reads; the buttons that would write or sign a link are not shown to them.
  const role = useStore($me)?.role ?? null;
  const people = useAssignees();
  const { ask, dialog } = useConflictDialog(t, 'inquiry', (field, value) =>
    field === 'status' ? t(`inbox.status.${String(value)}`) : field === 'assigneeId' ? people.find((person) => person.id === value)?.name ?? detail?.assignee?.name ?? String(value) : null,
  );

  useEffect(() => {
    let live = true;
    setDetail(null);
    setFailed(false);
    readDetail(id).then(
      (data) => live && setDetail(data),
      (error: unknown) => live && !endSessionIfUnauthorized(error) && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [id]);
  useEffect(() => {
    // Into view below the sticky top bar (the heading's scroll margin), then focus for screen readers.
    if (detail && heading.current) revealAndFocus(heading.current, heading.current);
  }, [detail?.id]);

  /**
   * Saves a change made on the detail as it was read (its version): a change someone saved meanwhile
   * opens the conflict dialog; a note alone is appended whatever changed (decision 033).
   */
  async function change(patch: Parameters<typeof patchInquiry>[1]): Promise<boolean> {
    if (!detail) return false;
    const { note, ...fields } = patch;
    const base = inquiryFields(detail);
    const mine = { ...base, ...fields } as typeof base;
    try {
      const outcome = await saveVersioned({
        base,
        mine,
        version: detail.version,
        fields: INQUIRY_VERSIONED_FIELDS,
        project: (stored) => inquiryFields(stored as unknown as InquiryDetail),
        send: async (value, version, from) => {
          const next = value === mine ? patch : inquiryPatchBetween(from, value, note);
          return next ? patchInquiry(id, next, version) : readDetail(id);
        },
        ask,
      });
      if (outcome.kind !== 'saved') {
        if (outcome.kind === 'took') {
          setDetail((current) => (current ? { ...current, ...(outcome.current as unknown as InquiryDetail) } : current));
          showToast({ title: t('conflict.took') });
          onChanged();
        }
        return false;
      }
      const updated = outcome.result;
      setDetail((current) => (current ? { ...current, ...updated } : current));
      const saved = patch.status ? 'inbox.toast.statusChanged' : patch.note ? 'inbox.toast.noteAdded' : 'assigneeId' in patch ? 'team.inbox.assigned' : 'team.inbox.nextStepSaved';
      showToast({ title: t(saved) });
      onChanged();
      return true;
    } catch (error) {
      if (!endSessionIfUnauthorized(error)) {
        const field = error instanceof ApiError ? Object.values(error.fields ?? {})[0] : undefined;
        showToast({ title: t('inbox.toast.saveFailed'), description: field ? t(field) : undefined, variant: 'destructive' });
      }
      return false;
    }
  }

  async function open(index: number) {
    try {
      await openAttachment(id, index, lang, detail?.attachmentFiles[index]?.contentType ?? null);
    } catch (error) {
      if (!endSessionIfUnauthorized(error)) showToast({ title: t('inbox.attachmentFailed'), variant: 'destructive' });
    }
  }

  async function destroyNow() {
    if (!window.confirm(t('privacyRequests.admin.destroyInquiryConfirm'))) return;
    try {
      await destroyInquiryNow(id);
      setDetail(await readDetail(id));
      showToast({ title: t('privacyRequests.destroyedLabel') });
      onChanged();
    } catch (error) {
      if (!endSessionIfUnauthorized(error)) showToast({ title: t('privacyRequests.errors.generic'), variant: 'destructive' });
    }
  }

  if (failed) return <p role="alert" className="text-danger">{t('inbox.detailFailed')}</p>;
  if (!detail) return <p className="text-muted">{t('inbox.loading')}</p>;

  const none = <span className="text-muted">{t('inbox.none')}</span>;
  const masked = detail.masked === true;
  const attachmentCount = masked ? detail.attachmentCount ?? 0 : detail.attachments.length;
  // Destroyed (only anonymous facts remain) or stopped at the visitor's request (read-only): issue 24.
  const writable = can(role, 'inquiries.write') && !detail.destroyedAt && !detail.suspendedAt;
  const fields: [string, React.ReactNode][] = [
    // A masked address or number is shown as it came, never as a link that cannot work.
    ['email', masked ? <span className="break-all">{detail.email}</span> : <a className="break-all text-brass-strong underline" href={`mailto:${detail.email}`}>{detail.email}</a>],
    ['phone', masked ? <span>{detail.phone}</span> : <a className="text-brass-strong underline" href={`tel:${(detail.phone ?? '').replace(/[^\d+]/g, '')}`}>{detail.phone}</a>],
    ['company', detail.company ?? none],
    ['businessType', detail.businessType ? t(`brands.category.${detail.businessType}`) : none],
    ['unit', detail.unit ? t('inbox.unitLabel', { floor: t(`units.floor.${detail.unit.floor}`), unit: detail.unit.unitNumber ?? '' }) : none],
    ['desiredFloors', detail.desiredFloors.length > 0 ? detail.desiredFloors.join(', ') : none],
    ['desiredArea', detail.desiredAreaM2 ? formatArea(detail.desiredAreaM2, t('inbox.pyeong')) : none],
    ['moveInDate', detail.moveInDate ?? none],
    ['preferredContact', detail.preferredContact ? t(`inbox.contact.${detail.preferredContact}`) : none],
    ['locale', detail.locale ? t(`inbox.locales.${detail.locale}`) : none],
    ['source', detail.source ? <SourceText source={detail.source} /> : none],
    ['notification', detail.notification === 'off' ? t('inbox.notification.off') : <NotificationBadge state={detail.notification} t={t} />],
  ];

  return (
    <article
      className="grid min-w-0 gap-6 rounded-xl border border-line p-4 sm:p-6"
      aria-labelledby="inquiry-detail-title"
      data-testid="inquiry-detail"
      // Escape goes back to the list, as 목록으로 does (a form inside that handles Escape itself stops it first).
      onKeyDown={(event) => {
        if (event.key === 'Escape' && !event.defaultPrevented) {
          event.preventDefault();
          onClose();
        }
      }}
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 id="inquiry-detail-title" ref={heading} tabIndex={-1} className="scroll-mt-28 text-xl font-bold break-words text-ink">{detail.destroyedAt ? t('privacyRequests.destroyedLabel') : detail.name}</h2>
          <p className="text-sm text-muted">{dateFormat.format(new Date(detail.createdAt))}</p>
          {/* The number the visitor was shown after sending, so a call or mail that quotes it finds this inquiry. */}
          <p className="text-sm text-muted" data-testid="inquiry-reference">{t('inbox.reference', { reference: inquiryReference(detail.id) })}</p>
        </div>
        <div className="flex items-center gap-2">
          {detail.overdue && <span className="rounded-full bg-danger px-2 py-0.5 text-xs font-semibold text-white">{t('team.inbox.overdue')}</span>}
          <StatusBadge status={detail.status} t={t} />
          <button type="button" className="btn min-h-11 border border-line text-ink hover:bg-mist" onClick={onClose}>{t('inbox.back')}</button>
        </div>
      </div>

      {(detail.destroyedAt || detail.suspendedAt) && (
        <p className="rounded-lg bg-mist p-3 text-sm text-ink" data-testid="inquiry-privacy-state">
          {detail.destroyedAt
            ? t('privacyRequests.admin.destroyedNote', { day: dateFormat.format(new Date(detail.destroyedAt)) })
            : t('privacyRequests.admin.suspendedNote', { day: dateFormat.format(new Date(detail.suspendedAt!)) })}
        </p>
      )}
      {dialog}
      {writable ? (
        <>
          <AssignmentControls key={`${detail.assigneeId}-${detail.nextStepOn}`} detail={detail} onChange={change} t={t} />
          <StatusButtons current={detail.status} name={detail.name ?? ''} onChange={(status, lostReason) => change(lostReason ? { status, lostReason } : { status })} t={t} />
        </>
      ) : (
        <p className="text-sm"><strong>{t('team.inbox.assignTo')}:</strong> {detail.assignee?.name ?? t('team.inbox.unassigned')}</p>
      )}
      {masked && <p role="note" data-testid="masked-notice" className="rounded-lg border border-line bg-mist p-3 text-sm text-ink">{t('access.masked.notice')}</p>}
      {detail.status === 'lost' && detail.lostReason && <p className="text-sm"><strong>{t('inbox.lostReason')}:</strong> {detail.lostReason}</p>}

      <section aria-labelledby="inquiry-message-title">
        <h3 id="inquiry-message-title" className="text-sm font-semibold text-ink">{t('inbox.fields.message')}</h3>
        {masked ? (
          <p className="mt-1 text-muted" data-testid="inquiry-message">{t('access.masked.message')}</p>
        ) : (
          <p className="mt-1 whitespace-pre-wrap break-words" data-testid="inquiry-message">{detail.message}</p>
        )}
      </section>

      <dl className="grid gap-x-6 gap-y-3 text-sm sm:grid-cols-[10rem_minmax(0,1fr)]">
        {fields.map(([key, value]) => (
          <div key={key} className="contents">
            <dt className="font-semibold text-ink">{t(`inbox.fields.${key}`)}</dt>
            <dd className="min-w-0 break-words">{value}</dd>
          </div>
        ))}
      </dl>

      <PrivacyRecord inquiry={detail} dateFormat={dateFormat} t={t} />

      <section aria-labelledby="inquiry-attachments-title">
        <h3 id="inquiry-attachments-title" className="text-sm font-semibold text-ink">{t('inbox.fields.attachments')}</h3>
        {attachmentCount === 0 ? (
          <p className="mt-1 text-sm text-muted">{t('inbox.none')}</p>
        ) : masked ? (
          <p className="mt-1 text-sm text-muted">{t('access.masked.attachments', { n: attachmentCount })}</p>
        ) : (
          <ul className="mt-1 grid gap-1 text-sm">
            {detail.attachmentFiles.map((file, i) => (
              <li key={i}>
                {can(role, 'inquiries.attachments') ? (
                  <button type="button" className="min-h-11 text-left text-brass-strong underline" onClick={() => void open(i)}>
                    {file.name ?? t('inbox.attachment', { n: i + 1 })}
                  </button>
                ) : (
                  <span>{file.name ?? t('inbox.attachment', { n: i + 1 })}</span>
                )}
                {file.size !== null && <span className="text-muted"> ({formatBytes(file.size, lang)})</span>}
              </li>
            ))}
          </ul>
        )}
      </section>

      {writable && <NoteForm inquiryId={detail.id} onSubmit={(note) => change({ note })} t={t} />}
      {can(role, 'privacy.manage') && !detail.destroyedAt && (
        <button type="button" className="btn min-h-11 justify-self-start border border-danger text-danger hover:bg-mist" onClick={() => void destroyNow()}>
          {t('privacyRequests.admin.destroyNow')}
        </button>
      )}

      <InquiryTours
        inquiryId={detail.id}
        inquiryLocale={detail.locale ?? null}
        assigneeId={detail.assigneeId ?? null}
        canWrite={can(role, 'tours.write')}
        lang={lang}
        onChanged={() => {
          // A first tour moves the inquiry to touring: show it here and in the list.
          readDetail(id).then((data) => setDetail(data), () => undefined);
          onChanged();
        }}
        t={t}
      />

      <section aria-labelledby="inquiry-history-title">
        <h3 id="inquiry-history-title" className="text-sm font-semibold text-ink">{t('inbox.history')}</h3>
        <ol className="mt-2 grid gap-2 text-sm" data-testid="inquiry-history">
          {[...detail.history].reverse().map((entry, i) => (
            <HistoryEntry key={`${entry.at}-${i}`} entry={entry} dateFormat={dateFormat} t={t} />
          ))}
        </ol>
      </section>
    </article>
  );
}

function SourceText({ source }: { source: NonNullable<InquiryDetailWithFiles['source']> }) {
  const utm = Object.entries(source.utm).map(([key, value]) => `${key}=${value}`).join(' ');
  return <span className="break-all">{[source.path, source.referrer, utm].filter(Boolean).join(' · ')}</span>;
}

/**
 * One click per status; `lost` asks for the reason first (a reason of only spaces is said to be missing, at
 * the field) and `won` asks to confirm (issue 28: one stray click recorded a won deal).
 */
function StatusButtons({ current, name, onChange, t }: { current: InquiryStatus; name: string; onChange: (status: InquiryStatus, lostReason?: string) => Promise<boolean>; t: Translate }) {
  const [askingReason, setAskingReason] = useState(false);
  const [confirmingWon, setConfirmingWon] = useState(false);
  const [reason, setReason] = useState('');
  const [missing, setMissing] = useState(false);
  const reasonInput = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (askingReason) reasonInput.current?.focus();
  }, [askingReason]);
  function close() {
    setAskingReason(false);
    setMissing(false);
  }
  async function submitLost(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!reason.trim()) {
      setMissing(true);
      reasonInput.current?.focus();
      return;
    }
    if (await onChange('lost', reason.trim())) {
      close();
      setReason('');
    }
  }
  return (
    <div className="grid gap-3">
      <div role="group" aria-label={t('inbox.changeStatus')} className="flex flex-wrap gap-2">
        {INQUIRY_STATUSES.map((status) => (
          <button
            key={status}
            type="button"
            aria-pressed={status === current}
            disabled={status === current}
            onClick={() => (status === 'lost' ? setAskingReason(true) : status === 'won' ? setConfirmingWon(true) : void onChange(status))}
            className={`btn min-h-11 border text-sm ${status === current ? 'border-ink bg-ink text-white' : 'border-line text-ink hover:bg-mist'}`}
          >
            {t(`inbox.status.${status}`)}
          </button>
        ))}
      </div>
      {confirmingWon && (
        <ConfirmDialog
          testId="won-confirm"
          title={t('inboxConfirm.wonTitle', { name })}
          confirmLabel={t('inboxConfirm.wonConfirm')}
          cancelLabel={t('inboxConfirm.cancel')}
          onConfirm={() => {
            setConfirmingWon(false);
            void onChange('won');
          }}
          onCancel={() => setConfirmingWon(false)}
        >
          <p>{t('inboxConfirm.wonBody')}</p>
        </ConfirmDialog>
      )}
      {askingReason && (
        <form
          noValidate
          onSubmit={(e) => void submitLost(e)}
          onKeyDown={(event) => {
            // Escape leaves the reason, not the inquiry.
            if (event.key === 'Escape') {
              event.preventDefault();
              close();
            }
          }}
          className="flex flex-wrap items-start gap-2"
        >
          <div className="grid min-w-0 flex-1 gap-1 text-sm">
            <label htmlFor="inquiry-lost-reason" className="font-semibold">{t('inbox.lostReason')}</label>
            <input
              id="inquiry-lost-reason"
              ref={reasonInput}
              required
              value={reason}
              aria-invalid={missing || undefined}
              aria-describedby={missing ? 'inquiry-lost-reason-error' : undefined}
              onChange={(e) => {
                setReason(e.target.value);
                if (e.target.value.trim()) setMissing(false);
              }}
              className="min-h-11 rounded-lg border border-line px-3"
            />
            {missing && <p id="inquiry-lost-reason-error" className="text-danger">{t('inbox.errors.lostReasonRequired')}</p>}
          </div>
          <button type="submit" className="btn mt-6 min-h-11 bg-ink text-white">{t('inbox.markLost')}</button>
          <button type="button" className="btn mt-6 min-h-11 border border-line" onClick={close}>{t('inbox.cancel')}</button>
        </form>
      )}
    </div>
  );
}

/** The note being typed is kept in the tab until saved: a session that ends meanwhile does not lose it. */
function NoteForm({ inquiryId, onSubmit, t }: { inquiryId: string; onSubmit: (note: string) => Promise<boolean>; t: Translate }) {
  const [note, setNote, clearNote] = useKeptDraft(`note:${inquiryId}`);
  const [busy, setBusy] = useState(false);
  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!note.trim()) return;
    setBusy(true);
    if (await onSubmit(note.trim())) clearNote();
    setBusy(false);
  }
  return (
    <form onSubmit={(e) => void submit(e)} className="grid gap-2">
      <label htmlFor="inquiry-note" className="text-sm font-semibold text-ink">{t('inbox.addNote')}</label>
      <textarea id="inquiry-note" value={note} onChange={(e) => setNote(e.target.value)} rows={3} className="rounded-lg border border-line p-3" />
      <button type="submit" disabled={busy || !note.trim()} className="btn min-h-11 justify-self-start bg-ink text-white disabled:opacity-60">{t('inbox.saveNote')}</button>
    </form>
  );
}
