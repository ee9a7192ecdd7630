import { useState, type SubmitEvent } from 'react';
import type { Translate } from '~/i18n/translate';
import { openingMonth, type Brand } from '~/shared/brand-basics';
import { DIRECTORY_STATES, type DirectoryState } from '~/shared/leases/directory';
import { ApiError, apiWrite } from '~/client/api';
import { endSessionIfUnauthorized } from '~/client/admin-session';
import { saveVersioned } from '~/client/conflict';
import { showToast } from '~/client/stores';
import { useConflictDialog } from '../ConflictDialog';

interface Props {
  brand: Brand;
  /** After a save (the brand as stored) or a refusal that changed what is shown. */
  onSaved: (brand: Brand) => void;
  t: Translate;
}

type DirectoryFields = { directoryState: DirectoryState; openingOn: string | null };
const FIELDS = ['directoryState', 'openingOn'] as const;
const fieldsOf = (brand: Brand): DirectoryFields => ({ directoryState: brand.directoryState ?? 'open', openingOn: brand.openingOn ?? null });

/**
 * A brand's place in the public directory (issue 40; PATCH /api/brands/{id}, If-Match): hidden until the tenant
 * agrees to be announced, coming soon with its opening day ("2027년 3월 오픈 예정"), open, or closed. While a lease
 * governs the brand the dates open and close it (the server says so at the field); announcing needs what the card
 * shows (description, thumbnail, phone and e-mail).
 */
export default function BrandDirectoryForm({ brand, onSaved, t }: Props) {
  const [stored, setStored] = useState<Brand>(brand);
  const [values, setValues] = useState<DirectoryFields>(() => fieldsOf(brand));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const lang = typeof document === 'undefined' ? 'ko' : document.documentElement.lang || 'ko';
  const { ask, dialog } = useConflictDialog(t, 'brand', (field, value) => (field === 'directoryState' ? t(`leases.directory.${String(value)}`) : null));

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    if (values.directoryState === 'coming_soon' && !values.openingOn) {
      setErrors({ openingOn: 'leases.errors.openingRequired' });
      document.getElementById('brand-openingOn')?.focus();
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      const base = fieldsOf(stored);
      const outcome = await saveVersioned({
        base,
        mine: values,
        version: stored.version,
        fields: FIELDS,
        project: (current) => fieldsOf(current as unknown as Brand),
        send: (value, version) => apiWrite<Brand>('PATCH', `/api/brands/${stored.id}`, value, version === undefined ? {} : { version }),
        ask,
      });
      if (outcome.kind === 'cancelled') return;
      const saved = (outcome.kind === 'saved' ? outcome.result : outcome.current) as unknown as Brand;
      setStored(saved);
      setValues(fieldsOf(saved));
      showToast({ title: outcome.kind === 'saved' ? t('leasePanel.directory.saved', { name: saved.name }) : t('conflict.took') });
      onSaved(saved);
    } catch (error) {
      if (endSessionIfUnauthorized(error)) return;
      if (error instanceof ApiError && error.fields) setErrors(error.fields);
      showToast({ title: t('leasePanel.toast.failed'), description: error instanceof ApiError && error.fields ? t(Object.values(error.fields)[0]!) : t('leasePanel.errors.generic'), variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  }

  const described = (name: string) => [`brand-${name}-hint`, errors[name] ? `brand-${name}-error` : ''].filter(Boolean).join(' ');
  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-labelledby="brand-directory-title" className="grid gap-4 rounded-2xl border border-line bg-paper p-4 shadow-sm sm:p-6" data-testid="brand-directory-form">
      {dialog}
      <h2 id="brand-directory-title" className="text-xl font-bold text-ink">{t('leasePanel.directory.title', { name: stored.name })}</h2>
      <fieldset className="grid gap-2" aria-describedby={described('directoryState')}>
        <legend className="text-sm font-semibold text-ink">{t('leasePanel.directory.state')}</legend>
        <div className="flex flex-wrap gap-2">
          {DIRECTORY_STATES.map((state) => (
            <label key={state} className="flex min-h-11 items-center gap-2 rounded-md border border-line px-3 text-sm has-[:checked]:border-brass-strong has-[:checked]:bg-brass-soft">
              <input type="radio" name="brand-directoryState" value={state} checked={values.directoryState === state} onChange={() => { setValues((old) => ({ ...old, directoryState: state })); setErrors({}); }} className="size-5" />
              {/* Not the state's own word: "영업 중" already labels the form's open/coming-soon box. */}
              {t(`leasePanel.directory.choices.${state}`)}
            </label>
          ))}
        </div>
        <p id="brand-directoryState-hint" className="text-xs text-muted">{t('leasePanel.directory.stateHint')}</p>
        {errors.directoryState && <p id="brand-directoryState-error" className="text-sm text-danger">{t(errors.directoryState)}</p>}
      </fieldset>
      <div className="grid gap-1 text-sm sm:max-w-xs">
        <label htmlFor="brand-openingOn" className="font-semibold text-ink">{t('leasePanel.fields.openingOn')}</label>
        <input
          id="brand-openingOn"
          type="date"
          value={values.openingOn ?? ''}
          aria-invalid={Boolean(errors.openingOn) || undefined}
          aria-describedby={described('openingOn')}
          onChange={(event) => { setValues((old) => ({ ...old, openingOn: event.target.value || null })); setErrors({}); }}
          className="min-h-11 rounded-md border border-muted bg-paper px-3 text-base"
        />
        <span id="brand-openingOn-hint" className="text-xs text-muted">
          {values.openingOn ? t('status.comingSoonOn', { month: openingMonth(values.openingOn, lang) }) : t('leasePanel.directory.openingHint')}
        </span>
        {errors.openingOn && <span id="brand-openingOn-error" className="text-danger">{t(errors.openingOn)}</span>}
      </div>
      <button type="submit" disabled={busy} className="btn-primary justify-self-start disabled:opacity-60">{busy ? t('leasePanel.actions.saving') : t('leasePanel.directory.save')}</button>
    </form>
  );
}
