import { useEffect, useRef, useState, type SubmitEvent } from 'react';
import { ATTACHMENT_MAX_FILES } from '~/shared/uploads';
import { inquiryReference } from '~/shared/inquiry-basics';
import type { Unit } from '~/shared/units/unit';
import { LOCALE_TAGS, type Locale } from '~/i18n/locales';
import type { Messages } from '~/i18n/translate';
import { ApiError, apiWrite } from '~/client/api';
import { showToast } from '~/client/stores';
import { useTranslator } from '~/client/hooks/use-translator';
import { checkInquiry, firstInquiryError, inquiryErrorsFrom, type InquiryErrors } from '~/client/inquiry-errors';
import { EMPTY_REQUIRED, REQUIRED_FIELDS, type RequiredField, type RequiredValues } from '~/client/inquiry-draft';
import AttachmentList, { firstFailedFileButton } from './inquiry/AttachmentList';
import FieldError, { fieldErrorId } from './inquiry/FieldError';
import RequiredFields from './inquiry/RequiredFields';
import { useBotTrap } from './inquiry/BotTrap';
import { inquiryFailureToast } from './inquiry/failure-toast';
import SentSummary, { type SentInquiry } from './inquiry/SentSummary';
import UnitChip, { unitErrorOf, unitLabel } from './inquiry/UnitChip';
import TenantDetailsFields from './inquiry/TenantDetailsFields';
import { useTenantDetails } from './inquiry/use-tenant-details';
import { ATTACHMENT_MAX_MB, needsAnotherFile, useAttachments } from './inquiry/use-attachments';
import { useInquiryDraft } from './inquiry/use-inquiry-draft';
import PrivacyNotice, { ACKNOWLEDGE_ID, MARKETING_ID, type NoticeText } from './inquiry/PrivacyNotice';
import { RETENTION_DEFAULTS } from '~/shared/privacy/retention';
import type { PrivacyNoticeAnswer, RetentionPeriods } from '~/shared/privacy/notice';
import Toaster from './Toaster';
import { listText } from '~/i18n/list';

interface Props {
  locale: Locale;
  messages: Messages;
  /** The collection notice in force, in the page's language (content/privacy-notice/). */
  notice: NoticeText;
  /** The privacy policy in the page's language, linked beside the notice. */
  policyHref: string;
}

const STATUS_TEXT = { uploading: 'inquiry.pendingUploading', uploadFailed: 'inquiry.pendingFailed' } as const;

/**
 * What the visitor typed into the server-rendered form before this island woke up (client:idle): kept,
 * instead of hydration resetting the fields to empty. On the server there is nothing to read.
 */
function typedBeforeHydration(): RequiredValues {
  if (typeof document === 'undefined') return EMPTY_REQUIRED;
  const typed = (field: RequiredField) => document.querySelector<HTMLInputElement | HTMLTextAreaElement>(`#inquiry-${field}`)?.value ?? '';
  return Object.fromEntries(REQUIRED_FIELDS.map((field) => [field, typed(field)])) as RequiredValues;
}

/** A box the visitor ticked before this island woke up stays ticked (their own action, not a default). */
function tickedBeforeHydration(id: string): boolean {
  if (typeof document === 'undefined') return false;
  return document.querySelector<HTMLInputElement>(`#${id}`)?.checked ?? false;
}

/** The leasing inquiry on /contact: four required fields and up to five attachments (spec §2, §5). */
export default function InquiryForm({ locale, messages, notice, policyHref }: Props) {
  const t = useTranslator(locale, messages);
  const [values, setValues] = useState(typedBeforeHydration);
  // The notice's boxes are not part of the kept draft (decision 022): a reload or another language shows the
  // notice again, unticked, and the visitor acknowledges what they see.
  const [acknowledged, setAcknowledged] = useState(() => tickedBeforeHydration(ACKNOWLEDGE_ID));
  const [marketing, setMarketing] = useState(() => tickedBeforeHydration(MARKETING_ID));
  const [periods, setPeriods] = useState<RetentionPeriods>(RETENTION_DEFAULTS);
  const [sending, setSending] = useState(false);
  const [unit, setUnit] = useState<Unit | null>(null);
  const [errors, setErrors] = useState<InquiryErrors>({});
  /** What the form says below the fields while sending: pending uploads, or an upload failure. */
  const [status, setStatus] = useState<'uploading' | 'uploadFailed' | null>(null);
  const [sent, setSent] = useState<SentInquiry | null>(null);
  const summaryRef = useRef<HTMLElement>(null);
  const [percent, setPercent] = useState(0);
  const attachButton = useRef<HTMLButtonElement>(null);
  // One key per inquiry: a resend of the same content after a failure (perhaps only the answer was lost)
  // reuses it, so the inquiry is stored once; changed content is a new inquiry with a new key.
  const attempt = useRef<{ key: string; content: string } | null>(null);
  const botTrap = useBotTrap(t, Object.values(values).some((value) => value !== ''));
  const details = useTenantDetails(locale);
  const attachments = useAttachments(locale, t);
  // A language switch or a reload keeps what was typed (issue 16); what was typed before hydration wins.
  const draft = useInquiryDraft(
    { values, details: details.values, detailsOpen: details.open, attachments: attachments.uploaded, notKept: attachments.pendingNames, startedAt: botTrap.startedAt },
    (kept) => {
      botTrap.restored(kept.startedAt);
      setValues((typed) => Object.fromEntries(REQUIRED_FIELDS.map((field) => [field, typed[field] || kept.values[field]])) as RequiredValues);
      details.restore(kept.details, kept.detailsOpen);
      attachments.restore(kept.attachments);
    },
  );

  // The page was built with the default retention periods; the owner may have changed them since.
  useEffect(() => {
    const controller = new AbortController();
    fetch('/api/privacy/notice', { signal: controller.signal })
      .then((response) => (response.ok ? (response.json() as Promise<PrivacyNoticeAnswer>) : null))
      .then((answer) => answer && setPeriods(answer.retention))
      .catch(() => {
        /* the defaults stay: the notice still reads whole */
      });
    return () => controller.abort();
  }, []);

  function chooseUnit(chosen: Unit | null) {
    setUnit(chosen);
    if (chosen) details.suggestFloor(chosen.floor);
  }

  /** Marks the fields and takes the visitor to the first one. */
  function showErrors(found: InquiryErrors) {
    setErrors(found);
    const first = firstInquiryError(found);
    const missing = Object.values(found).includes('inquiry.errors.fieldRequired');
    showToast({ title: t(missing ? 'inquiry.toast.required' : 'inquiry.errorSummary'), variant: 'destructive' });
    requestAnimationFrame(() => (first === 'attachments' ? attachButton.current : document.getElementById(`inquiry-${first}`))?.focus());
  }

  /**
   * The send stopped at a file: the form says so below, and focus goes to the file that failed, whose reason
   * is beside it (on a phone the attachments are a screen away from the send button).
   */
  function showFailedFile() {
    setStatus('uploadFailed');
    requestAnimationFrame(() => (firstFailedFileButton() ?? attachButton.current)?.focus());
  }

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    setStatus(null);
    setSent(null);
    const listed = attachments.listed;
    const body = {
      ...values,
      attachments: listed.map((file) => file.path ?? file.key),
      unitId: unit?.id ?? null,
      ...details.body(),
      privacyNoticeVersion: acknowledged ? notice.version : null,
      marketingConsent: marketing,
    };
    const problems = checkInquiry(body);
    if (problems) {
      details.markFields(problems.fields);
      return showErrors(problems.errors);
    }
    setErrors({});
    // A file the server refused as it is (not a real PDF, empty) would be refused again: the visitor is taken
    // to it, where it says why, instead of uploading it once more.
    if (listed.some((file) => needsAnotherFile(file.failure))) return showFailedFile();
    setSending(true);
    try {
      // Files picked in the dialog but not uploaded there go up now: the form lists them, so they are sent.
      let paths: string[];
      if (attachments.hasPending()) {
        setPercent(0);
        setStatus('uploading');
      }
      try {
        paths = await attachments.paths(setPercent);
      } catch {
        showFailedFile();
        return;
      }
      setStatus(null);
      const input = { ...body, attachments: paths };
      const content = JSON.stringify(input);
      if (attempt.current?.content !== content) attempt.current = { key: crypto.randomUUID(), content };
      const stored = await apiWrite<{ id: string }>('POST', '/api/inquiries', { ...input, ...botTrap.fields() }, { idempotencyKey: attempt.current.key });
      attempt.current = null;
      showToast({ title: t('inquiry.toast.success'), description: t('inquiry.toast.successDescription') });
      setSent({
        reference: inquiryReference(stored.id),
        name: values.name.trim(),
        email: values.email.trim(),
        phone: values.phone.trim(),
        unit: unit && unitLabel(unit, t),
        files: listed.map((file) => file.name),
      });
      setValues(EMPTY_REQUIRED);
      setAcknowledged(false);
      setMarketing(false);
      attachments.reset();
      details.reset();
      botTrap.reset();
      draft.clear();
      requestAnimationFrame(() => summaryRef.current?.focus());
    } catch (error) {
      details.markFailure(error);
      // A space leased meanwhile is not a field the visitor can fix here: the toast says so, the chip stays.
      const unitError = unitErrorOf(error);
      if (!unitError && error instanceof ApiError && error.fields) return showErrors(inquiryErrorsFrom(error.fields));
      showToast(inquiryFailureToast(t, error, unitError));
    } finally {
      setSending(false);
    }
  }

  return (
    <form noValidate onSubmit={submit} className="mt-10 grid gap-6 rounded-2xl border border-line bg-paper p-6 shadow-sm sm:p-10">
      <UnitChip t={t} onChange={chooseUnit} />
      <RequiredFields
        values={values}
        errors={errors}
        onChange={(field, value) => {
          botTrap.typed();
          setValues((old) => ({ ...old, [field]: value }));
        }}
        t={t}
      />
      <TenantDetailsFields details={details} locale={locale} t={t} />
      <div>
        <button
          ref={attachButton}
          type="button"
          className="btn border border-brass-strong text-brass-strong hover:bg-brass-soft"
          onClick={() => {
            draft.dismissNotKept();
            attachments.open();
          }}
          aria-describedby={['inquiry-attach-hint', errors.attachments && fieldErrorId('inquiry-attachments'), status === 'uploadFailed' && 'inquiry-status'].filter(Boolean).join(' ')}
        >
          {t('inquiry.attach')}
        </button>
        <p id="inquiry-attach-hint" className="mt-2 text-sm text-muted">{t('inquiry.attachHint', { count: ATTACHMENT_MAX_FILES, size: ATTACHMENT_MAX_MB })}</p>
        {draft.notKept.length > 0 && (
          <p className="mt-2 text-sm font-medium text-danger" data-testid="attachments-not-kept">{t('inquiry.notKept', { names: listText(LOCALE_TAGS[locale], draft.notKept) })}</p>
        )}
        <FieldError id="inquiry-attachments" message={errors.attachments && t(errors.attachments)} />
        <AttachmentList
          attachments={attachments.listed}
          onRemove={(file) => {
            attachments.remove(file);
            if (file.failure) setStatus(null);
            // The button taken off with its file leaves the focus where the visitor can add another.
            attachButton.current?.focus();
          }}
          localeTag={LOCALE_TAGS[locale]}
          t={t}
        />
      </div>
      <PrivacyNotice
        notice={notice}
        periods={periods}
        localeTag={LOCALE_TAGS[locale]}
        policyHref={policyHref}
        acknowledged={acknowledged}
        marketing={marketing}
        onAcknowledge={(ticked) => {
          setAcknowledged(ticked);
          if (ticked) setErrors(({ privacyNoticeVersion: _, ...rest }) => rest);
        }}
        onMarketing={setMarketing}
        error={errors.privacyNoticeVersion}
        t={t}
      />
      <button type="submit" className="btn-primary justify-self-start disabled:opacity-60" disabled={sending}>
        {sending ? t('inquiry.sending') : t('inquiry.submit')}
      </button>
      {botTrap.trap}
      <p
        id="inquiry-status"
        role={status === 'uploadFailed' ? 'alert' : 'status'}
        className={`min-h-6 text-sm font-medium ${status === 'uploadFailed' ? 'text-danger' : 'text-ink'}`}
        data-testid="inquiry-status"
      >
        {status && t(STATUS_TEXT[status], { percent })}
      </p>
      {sent && <SentSummary ref={summaryRef} sent={sent} localeTag={LOCALE_TAGS[locale]} t={t} />}
      <Toaster closeLabel={t('toast.close')} />
    </form>
  );
}
