import { useState, type SubmitEvent } from 'react';
import * as v from 'valibot';
import type { Translate } from '~/i18n/translate';
import { LeaseTenantSchema, type LeaseContact } from '~/shared/leases/lease';
import { patchLease, type LeaseRecord } from '~/client/leases/api';
import ContactsFields from './ContactsFields';
import { fieldsOf } from './refusal';
import { useLeaseWrite } from './use-lease-write';

interface Props {
  lease: LeaseRecord;
  lang: string;
  t: Translate;
  onDone: (saved: LeaseRecord | null) => void;
  onCancel: () => void;
}

/**
 * A signed lease's people, kept current without an amendment (issue 40: contacts stay editable), on the version
 * shown: a colleague's change meanwhile opens the conflict dialog.
 */
export default function SignedContacts({ lease, lang, t, onDone, onCancel }: Props) {
  const [contacts, setContacts] = useState<LeaseContact[]>(() => lease.tenant.contacts.map((contact) => ({ ...contact })));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const { write, dialog } = useLeaseWrite(lease, lang, t, onDone);
  const id = `lease-${lease.id.slice(0, 8)}-people`;

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const checked = v.safeParse(LeaseTenantSchema, { contacts });
    if (!checked.success) {
      const found: Record<string, string> = {};
      for (const issue of checked.issues) found[v.getDotPath(issue) ?? 'contacts'] ??= issue.message;
      setErrors(found);
      return;
    }
    setErrors({});
    setBusy(true);
    let refused: Record<string, string> | null = null;
    try {
      const saved = await write(
        { contacts: checked.output.contacts },
        async (value, version) => {
          try {
            return await patchLease(lease.id, { tenant: { contacts: value.contacts } }, version);
          } catch (error) {
            refused = fieldsOf(error);
            throw error;
          }
        },
        () => t('leasePanel.toast.contactsSaved'),
        () => refused !== null,
      );
      if (refused) setErrors(refused);
      if (saved) onCancel();
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="grid gap-3 rounded-lg border border-line p-3" data-testid="lease-contacts-form">
      {dialog}
      <ContactsFields id={id} contacts={contacts} onChange={setContacts} errors={errors} t={t} />
      <div className="flex flex-wrap gap-2">
        <button type="submit" disabled={busy} className="btn min-h-11 bg-ink text-white disabled:opacity-60">{busy ? t('leasePanel.actions.saving') : t('leasePanel.contacts.save')}</button>
        <button type="button" className="btn min-h-11 border border-ink text-ink" onClick={onCancel}>{t('leasePanel.actions.close')}</button>
      </div>
    </form>
  );
}
