import { useState } from 'react';
import type { Translate } from '~/i18n/translate';
import { CONTACT_FIELDS, type ContactField, type InquiryPatch } from '~/shared/inquiry';
import type { InquiryDetailWithFiles } from '~/client/inbox/api';
import ConfirmDialog from '../../ConfirmDialog';

const INPUT = 'min-h-11 w-full rounded-md border border-muted bg-white px-3 text-base';
const TYPES: Record<ContactField, string> = { name: 'text', email: 'email', phone: 'tel', company: 'text' };

/** What a field's input means: trimmed, an empty company is none. */
const valueOf = (text: string) => (text.trim() === '' ? null : text.trim());

/**
 * An agent's or owner's correction of the prospect's name, e-mail, phone and company (a typo the prospect reported):
 * the form, then current → new for each changed field to confirm in the app's dialog, saved on the version shown
 * (the conflict dialog if someone changed it meanwhile) and recorded in the history by its author.
 */
export default function ContactEdit({ inquiry, change, t }: { inquiry: InquiryDetailWithFiles; change: (patch: InquiryPatch) => Promise<boolean>; t: Translate }) {
  const [editing, setEditing] = useState(false);
  const [values, setValues] = useState<Record<ContactField, string>>(() => Object.fromEntries(CONTACT_FIELDS.map((field) => [field, inquiry[field] ?? ''])) as Record<ContactField, string>);
  const [reviewing, setReviewing] = useState(false);
  const [nothing, setNothing] = useState(false);
  const changed = CONTACT_FIELDS.filter((field) => valueOf(values[field]) !== (inquiry[field] ?? null));
  const label = (field: ContactField) => t(`inbox.fields.${field}`);
  const shown = (value: string | null) => value ?? t('inbox.contactEdit.empty');

  if (!editing) {
    return (
      <button type="button" className="btn min-h-11 justify-self-start border border-line text-ink hover:bg-mist" onClick={() => setEditing(true)}>
        {t('inbox.contactEdit.open')}
      </button>
    );
  }
  return (
    <form
      className="grid gap-3 rounded-lg border border-line p-3"
      aria-labelledby="contact-edit-title"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        setNothing(changed.length === 0);
        if (changed.length > 0) setReviewing(true);
      }}
    >
      <h4 id="contact-edit-title" className="text-sm font-semibold text-ink">{t('inbox.contactEdit.title')}</h4>
      <div className="grid gap-3 sm:grid-cols-2">
        {CONTACT_FIELDS.map((field) => (
          <label key={field} className="grid gap-1 text-sm">
            <span>{label(field)}</span>
            <input className={INPUT} type={TYPES[field]} value={values[field]} onChange={(event) => setValues({ ...values, [field]: event.target.value })} />
          </label>
        ))}
      </div>
      <p className="text-sm text-muted">{t('inbox.contactEdit.history')}</p>
      {nothing && <p role="status" className="text-sm">{t('inbox.contactEdit.nothing')}</p>}
      <div className="flex flex-wrap gap-2">
        <button type="submit" className="btn min-h-11 bg-ink text-white">{t('inbox.contactEdit.review')}</button>
        <button type="button" className="btn min-h-11 border border-line text-ink hover:bg-mist" onClick={() => setEditing(false)}>{t('inbox.contactEdit.cancel')}</button>
      </div>
      {reviewing && (
        <ConfirmDialog
          title={t('inbox.contactEdit.confirmTitle')}
          confirmLabel={t('inbox.contactEdit.confirm')}
          cancelLabel={t('inbox.contactEdit.back')}
          testId="contact-edit-confirm"
          onCancel={() => setReviewing(false)}
          onConfirm={() => {
            setReviewing(false);
            const patch = Object.fromEntries(changed.map((field) => [field, valueOf(values[field])])) as InquiryPatch;
            void change(patch).then((saved) => saved && setEditing(false));
          }}
        >
          <ul className="grid gap-1">
            {changed.map((field) => (
              <li key={field} data-testid="contact-edit-change">{t('inbox.contactEdit.change', { field: label(field), before: shown(inquiry[field] ?? null), after: shown(valueOf(values[field])) })}</li>
            ))}
          </ul>
        </ConfirmDialog>
      )}
    </form>
  );
}
