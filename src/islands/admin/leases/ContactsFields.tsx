import type { Translate } from '~/i18n/translate';
import { LEASE_LIMITS, type LeaseContact } from '~/shared/leases/lease';
import { TextInput } from '../inquiry/proposals/form-parts';

interface Props {
  /** Prefix of the controls' ids and names (`lease-<id>-contacts`). */
  id: string;
  contacts: LeaseContact[];
  onChange: (contacts: LeaseContact[]) => void;
  /** Messages by path (`contacts.0.name`), dictionary keys. */
  errors: Record<string, string>;
  t: Translate;
}

const EMPTY: LeaseContact = { name: '', title: '', phone: '', email: '' };

/**
 * The tenant's people the team deals with (billing, facilities…): each a name and a phone or an e-mail, at most
 * LEASE_LIMITS.contacts. Personal data: kept for the lease and five years after it (the privacy map), read masked by
 * viewers. The draft form and a signed lease's contacts both use these fields.
 */
export default function ContactsFields({ id, contacts, onChange, errors, t }: Props) {
  const set = (index: number, field: keyof LeaseContact, value: string) => onChange(contacts.map((contact, i) => (i === index ? { ...contact, [field]: value } : contact)));
  const error = (index: number, field: string) => errors[`contacts.${index}.${field}`] || (field === 'name' ? errors[`contacts.${index}`] : undefined) || undefined;
  return (
    <fieldset className="grid min-w-0 gap-3" aria-describedby={errors.contacts ? `${id}-contacts-error` : undefined}>
      <legend className="text-sm font-bold text-ink">{t('leasePanel.contacts.title')}</legend>
      {contacts.length === 0 && <p className="text-sm text-muted">{t('leasePanel.contacts.none')}</p>}
      <ol className="grid gap-3">
        {contacts.map((contact, index) => (
          <li key={index} className="grid gap-2 rounded-md border border-line p-2 sm:grid-cols-2" data-testid="lease-contact" aria-label={t('leasePanel.contacts.item', { n: index + 1 })}>
            <TextInput id={`${id}-contacts-${index}-name`} label={t('leasePanel.contacts.name', { n: index + 1 })} value={contact.name} onChange={(value) => set(index, 'name', value)} error={error(index, 'name')} t={t} />
            <TextInput id={`${id}-contacts-${index}-title`} label={t('leasePanel.contacts.role')} value={contact.title} onChange={(value) => set(index, 'title', value)} error={error(index, 'title')} t={t} />
            <TextInput id={`${id}-contacts-${index}-phone`} label={t('leasePanel.contacts.phone')} value={contact.phone} onChange={(value) => set(index, 'phone', value)} error={error(index, 'phone')} t={t} />
            <TextInput id={`${id}-contacts-${index}-email`} label={t('leasePanel.contacts.email')} value={contact.email} onChange={(value) => set(index, 'email', value)} error={error(index, 'email')} t={t} />
            <button type="button" className="btn min-h-11 justify-self-start border border-line text-ink sm:col-span-2" onClick={() => onChange(contacts.filter((_, i) => i !== index))}>
              {t('leasePanel.contacts.remove', { name: contact.name || t('leasePanel.contacts.item', { n: index + 1 }) })}
            </button>
          </li>
        ))}
      </ol>
      {errors.contacts && <p id={`${id}-contacts-error`} className="text-sm text-danger">{t(errors.contacts)}</p>}
      {contacts.length < LEASE_LIMITS.contacts && (
        <button type="button" className="btn min-h-11 justify-self-start border border-ink text-ink" onClick={() => onChange([...contacts, { ...EMPTY }])}>{t('leasePanel.contacts.add')}</button>
      )}
    </fieldset>
  );
}
