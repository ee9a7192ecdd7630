import { useEffect, useRef, useState } from 'react';
import { useStore } from '@nanostores/react';
import { CONTACT_FIELDS, INQUIRY_VERSIONED_FIELDS, inquiryFields, inquiryPatchBetween, type InquiryDetail as Detail, type InquiryPatch } from '~/shared/inquiry';
import { inquiryReference } from '~/shared/inquiry-basics';
import { can } from '~/shared/roles';
import type { Translate } from '~/i18n/translate';
import { ApiError } from '~/client/api';
import { $me, endSessionIfUnauthorized } from '~/client/admin-session';
import { patchInquiry, readDetail, type InquiryDetailWithFiles } from '~/client/inbox/api';
import { showToast } from '~/client/stores';
import { revealAndFocus } from '~/client/reveal-and-focus';
import { saveVersioned } from '~/client/conflict';
import { useAssignees } from '~/client/hooks/use-assignees';
import { useConflictDialog } from '../ConflictDialog';
import ScreenBoundary from '../ScreenBoundary';
import { StatusBadge } from '../inbox/StatusBadge';
import { PrivacyState } from './privacy/PrivacySection';
import type { InquirySectionProps } from './section';
import { INQUIRY_SECTIONS } from './sections';

interface Props {
  id: string;
  lang: string;
  dateFormat: Intl.DateTimeFormat;
  onClose: () => void;
  /** After a change, so the list and counts show it. */
  onChanged: () => void;
  t: Translate;
}

/**
 * One inquiry: its heading, then its sections by subject (sections.ts). The detail reads the inquiry and saves
 * changes of its own fields through the conflict check; each section shows and works one subject.
 */
export default function InquiryDetail({ id, lang, dateFormat, onClose, onChanged, t }: Props) {
  const [detail, setDetail] = useState<InquiryDetailWithFiles | null>(null);
  const [failed, setFailed] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  // A viewer reads; the buttons that would write or sign a link are not shown to them.
  const role = useStore($me)?.role ?? null;
  const people = useAssignees();
  const { ask, dialog } = useConflictDialog(t, 'inquiry', (field, value) =>
    field === 'status' ? t(`inbox.status.${String(value)}`) : field === 'lostReason' ? t(`lostReasons.reasons.${String(value)}`) : field === 'assigneeId' ? people.find((person) => person.id === value)?.name ?? detail?.assignee?.name ?? String(value) : null,
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
  async function change(patch: InquiryPatch): Promise<boolean> {
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
        project: (stored) => inquiryFields(stored as unknown as Detail),
        send: async (value, version, from) => {
          const next = value === mine ? patch : inquiryPatchBetween(from, value, note);
          return next ? patchInquiry(id, next, version) : readDetail(id);
        },
        ask,
      });
      if (outcome.kind !== 'saved') {
        if (outcome.kind === 'took') {
          setDetail((current) => (current ? { ...current, ...(outcome.current as unknown as Detail) } : current));
          showToast({ title: t('conflict.took') });
          onChanged();
        }
        return false;
      }
      const updated = outcome.result;
      setDetail((current) => (current ? { ...current, ...updated } : current));
      const saved = patch.status ? 'inbox.toast.statusChanged' : patch.note ? 'inbox.toast.noteAdded' : 'assigneeId' in patch ? 'team.inbox.assigned'
        : CONTACT_FIELDS.some((field) => field in patch) ? 'inbox.contactEdit.saved' : 'team.inbox.nextStepSaved';
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

  async function refresh(): Promise<void> {
    try {
      setDetail(await readDetail(id));
    } finally {
      onChanged();
    }
  }

  if (failed) return <p role="alert" className="text-danger">{t('inbox.detailFailed')}</p>;
  if (!detail) return <p className="text-muted">{t('inbox.loading')}</p>;

  const section: InquirySectionProps = {
    inquiry: detail,
    role,
    writable: can(role, 'inquiries.write') && !detail.destroyedAt && !detail.suspendedAt,
    lang,
    dateFormat,
    t,
    change,
    refresh,
  };

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

      <PrivacyState inquiry={detail} dateFormat={dateFormat} t={t} />
      {detail.masked === true && <p role="note" data-testid="masked-notice" className="rounded-lg border border-line bg-mist p-3 text-sm text-ink">{t('access.masked.notice')}</p>}
      {dialog}
      {INQUIRY_SECTIONS.map(({ subject, Section }) => (
        <ScreenBoundary key={subject} t={t}>
          <Section {...section} />
        </ScreenBoundary>
      ))}
    </article>
  );
}
