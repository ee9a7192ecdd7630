import { useRef, useState, type SubmitEvent } from 'react';
import * as v from 'valibot';
import { InquiryInputSchema } from '~/shared/inquiry';
import { ATTACHMENT_MAX_BYTES, ATTACHMENT_MAX_FILES } from '~/shared/uploads';
import type { Locale } from '~/i18n/locales';
import type { Messages } from '~/i18n/translate';
import { apiWrite } from '~/client/api';
import { showToast } from '~/client/stores';
import { useTranslator } from '~/client/use-translator';
import { useUploadDialog } from '~/client/use-upload-dialog';
import { uppyLocale } from '~/client/upload/uppy-locale';
import AttachmentList from './AttachmentList';
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
  const [attachments, setAttachments] = useState<string[]>([]);
  const [sending, setSending] = useState(false);
  const [unitId, setUnitId] = useState<string | null>(null);
  // One key per inquiry: a resend of the same content after a failure (perhaps only the answer was lost)
  // reuses it, so the inquiry is stored once; changed content is a new inquiry with a new key.
  const attempt = useRef<{ key: string; content: string } | null>(null);
  const botTrap = useBotTrap(t);
  const details = useTenantDetails(locale);
  const uploads = useUploadDialog({
    purpose: 'attachment',
    maxFiles: ATTACHMENT_MAX_FILES,
    maxBytes: ATTACHMENT_MAX_BYTES,
    locale: uppyLocale(t, locale),
    note: t('inquiry.attachHint', { count: ATTACHMENT_MAX_FILES, size: MAX_MB }),
    onUploaded: (path) => {
      setAttachments((list) => [...list, path]);
      showToast({ title: t('upload.toast.complete') });
    },
  });

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (FIELDS.some((field) => values[field].trim() === '')) {
      showToast({ title: t('inquiry.toast.required'), variant: 'destructive' });
      return;
    }
    const parsed = v.safeParse(InquiryInputSchema, { ...values, attachments, unitId, ...details.body() });
    if (!parsed.success) {
      details.markIssues(parsed.issues);
      showToast({ title: t(parsed.issues[0].message), variant: 'destructive' });
      return;
    }
    const content = JSON.stringify(parsed.output);
    if (attempt.current?.content !== content) attempt.current = { key: crypto.randomUUID(), content };
    setSending(true);
    try {
      await apiWrite('POST', '/api/inquiries', { ...parsed.output, ...botTrap.fields() }, { idempotencyKey: attempt.current.key });
      attempt.current = null;
      showToast({ title: t('inquiry.toast.success'), description: t('inquiry.toast.successDescription') });
      setValues(EMPTY);
      setAttachments([]);
      uploads.reset();
      details.reset();
    } catch (error) {
      details.markFailure(error);
      showToast(inquiryFailureToast(t, error, unitErrorOf(error)));
    } finally {
      setSending(false);
    }
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
            className: 'w-full rounded-md border border-muted bg-paper px-3 py-2 text-base',
          };
          return (
            <div key={field} className={field === 'message' ? 'sm:col-span-2' : undefined}>
              <label htmlFor={props.id} className="mb-1 block text-sm font-semibold text-ink">
                {t(`inquiry.fields.${field}`)} <span aria-hidden="true" className="text-danger">*</span>
              </label>
              {field === 'message' ? <textarea rows={6} {...props} /> : <input type={INPUT_TYPES[field]} {...props} />}
            </div>
          );
        })}
      </div>
      <TenantDetailsFields details={details} locale={locale} t={t} />
      <div>
        <button type="button" className="btn border border-brass-strong text-brass-strong hover:bg-brass-soft" onClick={uploads.open}>
          {t('inquiry.attach')}
        </button>
        <p className="mt-2 text-sm text-muted">{t('inquiry.attachHint', { count: ATTACHMENT_MAX_FILES, size: MAX_MB })}</p>
        <AttachmentList attachments={attachments} t={t} />
      </div>
      <button type="submit" className="btn-primary justify-self-start disabled:opacity-60" disabled={sending}>
        {sending ? t('inquiry.sending') : t('inquiry.submit')}
      </button>
      {botTrap.trap}
      <Toaster closeLabel={t('toast.close')} />
    </form>
  );
}
