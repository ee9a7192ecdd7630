import { useRef, useState, type SubmitEvent } from 'react';
import { ATTACHMENT_EXTENSIONS, ATTACHMENT_MAX_BYTES, ATTACHMENT_MAX_FILES } from '~/shared/uploads';
import type { Locale } from '~/i18n/locales';
import type { Messages } from '~/i18n/translate';
import { ApiError, apiWrite } from '~/client/api';
import { showToast } from '~/client/stores';
import { useTranslator } from '~/client/use-translator';
import { useUploadDialog, type UploadedFile } from '~/client/use-upload-dialog';
import { uppyLocale } from '~/client/upload/uppy-locale';
import { checkInquiry, firstInquiryError, inquiryErrorsFrom, type InquiryErrors } from '~/client/inquiry-errors';
import AttachmentList from './AttachmentList';
import FieldError, { fieldErrorId } from './inquiry/FieldError';
import { useBotTrap } from './inquiry/BotTrap';
import { inquiryFailureToast } from './inquiry/failure-toast';
import UnitChip, { unitErrorOf } from './inquiry/UnitChip';
import TenantDetailsFields from './inquiry/TenantDetailsFields';
import { useTenantDetails } from './inquiry/use-tenant-details';
import Toaster from './Toaster';

interface Props {
  locale: Locale;
  messages: Messages;
}

const FIELDS = ['name', 'phone', 'email', 'message'] as const;
type Field = (typeof FIELDS)[number];
const EMPTY = { name: '', phone: '', email: '', message: '' };
const INPUT_TYPES: Record<Field, string> = { name: 'text', phone: 'tel', email: 'email', message: 'textarea' };
const MAX_MB = Math.round(ATTACHMENT_MAX_BYTES / 1_048_576);
const AUTOCOMPLETE: Record<Field, string> = { name: 'name', phone: 'tel', email: 'email', message: 'off' };
const STATUS_TEXT = { uploading: 'inquiry.pendingUploading', uploadFailed: 'inquiry.pendingFailed', sent: 'inquiry.sent' } as const;

/** The list with `added` appended, each object path once (an upload is reported by its event and by its result). */
const addUploaded = (list: UploadedFile[], added: UploadedFile[]) => [...list, ...added.filter((file) => !list.some((old) => old.path === file.path))];

/**
 * What the visitor typed into the server-rendered form before this island woke up (client:idle): kept,
 * instead of hydration resetting the fields to empty. On the server there is nothing to read.
 */
function typedBeforeHydration(): typeof EMPTY {
  if (typeof document === 'undefined') return EMPTY;
  const typed = (field: Field) => document.querySelector<HTMLInputElement | HTMLTextAreaElement>(`#inquiry-${field}`)?.value ?? '';
  return Object.fromEntries(FIELDS.map((field) => [field, typed(field)])) as typeof EMPTY;
}

/** The leasing inquiry on /contact: four required fields and up to five attachments (spec §2, §5). */
export default function InquiryForm({ locale, messages }: Props) {
  const t = useTranslator(locale, messages);
  const [values, setValues] = useState(typedBeforeHydration);
  const [attachments, setAttachments] = useState<UploadedFile[]>([]);
  const [sending, setSending] = useState(false);
  const [unitId, setUnitId] = useState<string | null>(null);
  const [errors, setErrors] = useState<InquiryErrors>({});
  /** What the form says below the fields: pending uploads, an upload failure, or that the inquiry was sent. */
  const [status, setStatus] = useState<'uploading' | 'uploadFailed' | 'sent' | null>(null);
  const statusRef = useRef<HTMLParagraphElement>(null);
  const [percent, setPercent] = useState(0);
  const attachButton = useRef<HTMLButtonElement>(null);
  // One key per inquiry: a resend of the same content after a failure (perhaps only the answer was lost)
  // reuses it, so the inquiry is stored once; changed content is a new inquiry with a new key.
  const attempt = useRef<{ key: string; content: string } | null>(null);
  const botTrap = useBotTrap(t);
  const details = useTenantDetails(locale);
  const uploads = useUploadDialog({
    purpose: 'attachment',
    maxFiles: ATTACHMENT_MAX_FILES,
    maxBytes: ATTACHMENT_MAX_BYTES,
    allowedTypes: [...ATTACHMENT_EXTENSIONS],
    locale: uppyLocale(t, locale, ATTACHMENT_EXTENSIONS),
    note: t('inquiry.attachHint', { count: ATTACHMENT_MAX_FILES, size: MAX_MB }),
    onUploaded: (file) => {
      setAttachments((list) => addUploaded(list, [file]));
      showToast({ title: t('upload.toast.complete') });
    },
  });

  /** Marks the fields and takes the visitor to the first one. */
  function showErrors(found: InquiryErrors) {
    setErrors(found);
    const first = firstInquiryError(found);
    const missing = Object.values(found).includes('inquiry.errors.fieldRequired');
    showToast({ title: t(missing ? 'inquiry.toast.required' : 'inquiry.errorSummary'), variant: 'destructive' });
    requestAnimationFrame(() => (first === 'attachments' ? attachButton.current : document.getElementById(`inquiry-${first}`))?.focus());
  }

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    setStatus(null);
    const body = { ...values, attachments: attachments.map((file) => file.path), unitId, ...details.body() };
    const problems = checkInquiry(body);
    if (problems) {
      details.markFields(problems.fields);
      return showErrors(problems.errors);
    }
    setErrors({});
    setSending(true);
    try {
      // Files picked in the dialog but not uploaded there go up now: nothing the visitor chose is dropped.
      let sent = attachments;
      if (uploads.pending().length > 0) {
        setPercent(0);
        setStatus('uploading');
        try {
          sent = addUploaded(attachments, await uploads.uploadPending(setPercent));
        } catch {
          setStatus('uploadFailed');
          attachButton.current?.focus();
          return;
        }
        setStatus(null);
      }
      const input = { ...body, attachments: sent.map((file) => file.path) };
      const content = JSON.stringify(input);
      if (attempt.current?.content !== content) attempt.current = { key: crypto.randomUUID(), content };
      await apiWrite('POST', '/api/inquiries', { ...input, ...botTrap.fields() }, { idempotencyKey: attempt.current.key });
      attempt.current = null;
      showToast({ title: t('inquiry.toast.success'), description: t('inquiry.toast.successDescription') });
      setValues(EMPTY);
      setAttachments([]);
      uploads.reset();
      details.reset();
      setStatus('sent');
      requestAnimationFrame(() => statusRef.current?.focus());
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

  function removeAttachment(file: UploadedFile) {
    setAttachments((list) => list.filter((other) => other.path !== file.path));
    uploads.remove(file.fileId);
  }

  return (
    <form noValidate onSubmit={submit} className="mt-10 grid gap-6 rounded-2xl border border-line bg-paper p-6 shadow-sm sm:p-10">
      <UnitChip t={t} onChange={setUnitId} />
      <div className="grid gap-6 sm:grid-cols-2">
        {FIELDS.map((field) => {
          const props = {
            id: `inquiry-${field}`,
            name: field,
            required: true,
            'aria-required': true,
            autoComplete: AUTOCOMPLETE[field],
            value: values[field],
            placeholder: t(`inquiry.placeholders.${field}`),
            onChange: (e: { target: { value: string } }) => setValues((old) => ({ ...old, [field]: e.target.value })),
            'aria-invalid': Boolean(errors[field]) || undefined,
            'aria-describedby': errors[field] ? fieldErrorId(`inquiry-${field}`) : undefined,
            className: 'w-full rounded-md border border-muted bg-paper px-3 py-2 text-base aria-[invalid=true]:border-danger',
          };
          return (
            <div key={field} className={field === 'message' ? 'sm:col-span-2' : undefined}>
              <label htmlFor={props.id} className="mb-1 block text-sm font-semibold text-ink">
                {t(`inquiry.fields.${field}`)} <span aria-hidden="true" className="text-danger">*</span>
              </label>
              {field === 'message' ? <textarea rows={6} {...props} /> : <input type={INPUT_TYPES[field]} {...props} />}
              <FieldError id={props.id} message={errors[field] && t(errors[field])} />
            </div>
          );
        })}
      </div>
      <TenantDetailsFields details={details} locale={locale} t={t} />
      <div>
        <button
          ref={attachButton}
          type="button"
          className="btn border border-brass-strong text-brass-strong hover:bg-brass-soft"
          onClick={uploads.open}
          aria-describedby={['inquiry-attach-hint', errors.attachments && fieldErrorId('inquiry-attachments'), status === 'uploadFailed' && 'inquiry-status'].filter(Boolean).join(' ')}
        >
          {t('inquiry.attach')}
        </button>
        <p id="inquiry-attach-hint" className="mt-2 text-sm text-muted">{t('inquiry.attachHint', { count: ATTACHMENT_MAX_FILES, size: MAX_MB })}</p>
        <FieldError id="inquiry-attachments" message={errors.attachments && t(errors.attachments)} />
        <AttachmentList attachments={attachments} onRemove={removeAttachment} t={t} />
      </div>
      <button type="submit" className="btn-primary justify-self-start disabled:opacity-60" disabled={sending}>
        {sending ? t('inquiry.sending') : t('inquiry.submit')}
      </button>
      {botTrap.trap}
      <p
        id="inquiry-status"
        ref={statusRef}
        tabIndex={-1}
        role={status === 'uploadFailed' ? 'alert' : 'status'}
        className={`min-h-6 text-sm font-medium ${status === 'uploadFailed' ? 'text-danger' : 'text-ink'}`}
        data-testid="inquiry-status"
      >
        {status && t(STATUS_TEXT[status], { percent })}
      </p>
      <Toaster closeLabel={t('toast.close')} />
    </form>
  );
}
