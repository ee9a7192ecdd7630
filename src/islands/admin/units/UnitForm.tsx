import { useEffect, useRef, useState, type ReactNode, type SubmitEvent } from 'react';
import { statusChoices, toPyeong, UNIT_FLOORS, UNIT_LANGUAGES, UNIT_USES, type Unit, type UnitInput } from '~/shared/units/unit';
import type { Translate } from '~/i18n/translate';
import {
  EMPTY_UNIT_FORM, firstUnitError, formFromUnit, remainingErrors, validateUnitForm, type UnitFormErrors, type UnitFormValues,
} from '~/client/unit-form-model';
import { revealAndFocus } from '~/client/reveal-and-focus';
import ImageField from '../ImageField';
import GovernedByLease from './GovernedByLease';

interface Props {
  /** The unit being edited, or null to add a new one. */
  unit: Unit | null;
  serverErrors: UnitFormErrors;
  onSave: (input: UnitInput) => Promise<boolean>;
  onCancel: () => void;
  /** Opened by a row's 수정: the form is brought into view and its heading focused, as the brands tab does. */
  focusOnMount?: boolean;
  t: Translate;
}

const PLAN_TEXTS = {
  label: 'units.admin.fields.plan',
  upload: 'units.admin.planUpload',
  remove: 'units.admin.planRemove',
  previewAlt: 'units.admin.planPreviewAlt',
  hint: 'units.admin.planHint',
  uploaded: 'units.admin.planUploaded',
  setPublicFailed: 'units.admin.planSetPublicFailed',
  setPublicFailedDescription: 'units.admin.planSetPublicFailedDescription',
};
const PYEONG_FORMAT = new Intl.NumberFormat('en', { maximumFractionDigits: 2 });
const INPUT = 'mt-1 w-full rounded-md border border-muted bg-paper px-3 py-2 text-base';

type NumberField = 'exclusiveAreaM2' | 'supplyAreaM2' | 'monthlyRent' | 'deposit' | 'maintenanceFee';

/** The control that takes focus for a field's error: its input, the first use, the plan's button. */
function controlIdOf(field: string): string {
  if (field === 'uses') return `unit-use-${UNIT_USES[0]}`;
  if (field.startsWith('note.')) return `unit-note-${field.slice(5)}`;
  return `unit-${field}`;
}

/** Add or edit a space; every message at its field, from the shared schema. */
export default function UnitForm({ unit, serverErrors, onSave, onCancel, focusOnMount = false, t }: Props) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    // A row far down the list changes the form at the top: without this, nothing seems to happen.
    if (focusOnMount && heading.current) revealAndFocus(heading.current, heading.current);
  }, [focusOnMount]);
  const [values, setValues] = useState<UnitFormValues>(unit ? formFromUnit(unit) : EMPTY_UNIT_FORM);
  const [errors, setErrors] = useState<UnitFormErrors>({});
  // The server's messages (a number already taken) stay until their own field is edited.
  const [fromServer, setFromServer] = useState<UnitFormErrors>(serverErrors);
  const [saving, setSaving] = useState(false);
  const shown = { ...fromServer, ...errors };
  const set = <K extends keyof UnitFormValues>(name: K, value: UnitFormValues[K]) => {
    const next = { ...values, [name]: value };
    setValues(next);
    // A message leaves as soon as its field is right; no new one appears while typing.
    setErrors((old) => remainingErrors(old, next));
    setFromServer((old) => Object.fromEntries(Object.entries(old).filter(([field]) => field !== name && !field.startsWith(`${name}.`))));
  };

  /** Brings the first field with an error into view (below the sticky bar) and puts focus in it. */
  function focusFirstError(found: UnitFormErrors) {
    const first = firstUnitError(found);
    if (!first) return;
    // After the messages are rendered: the field's box includes its message.
    requestAnimationFrame(() => {
      const control = document.getElementById(controlIdOf(first));
      if (control) revealAndFocus(control.closest('[data-field]') ?? control, control);
    });
  }
  useEffect(() => {
    setFromServer(serverErrors);
    focusFirstError(serverErrors);
  }, [serverErrors]);

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const result = validateUnitForm(values);
    if ('errors' in result) {
      setErrors(result.errors);
      focusFirstError(result.errors);
      return;
    }
    setErrors({});
    setSaving(true);
    const saved = await onSave(result.input);
    setSaving(false);
    if (saved) setValues(EMPTY_UNIT_FORM);
  }

  const numberField = (name: NumberField, required = false) => {
    const pyeong = name.endsWith('AreaM2') && Number(values[name]) > 0 ? t('units.admin.hints.pyeong', { value: PYEONG_FORMAT.format(toPyeong(Number(values[name]))) }) : undefined;
    return (
      <Field key={name} id={`unit-${name}`} label={t(`units.admin.fields.${name}`)} error={shown[name] && t(shown[name])} hint={pyeong} required={required}>
        {(describedBy) => (
          <input id={`unit-${name}`} name={name} inputMode={name.endsWith('AreaM2') ? 'decimal' : 'numeric'} value={values[name]} aria-describedby={describedBy} aria-invalid={Boolean(shown[name]) || undefined} onChange={(e) => set(name, e.target.value)} className={INPUT} />
        )}
      </Field>
    );
  };

  return (
    <form noValidate onSubmit={submit} aria-labelledby="unit-form-title" className="grid min-w-0 gap-5 rounded-2xl border border-line bg-paper p-4 shadow-sm sm:p-6">
      <h2 id="unit-form-title" ref={heading} tabIndex={-1} className="scroll-mt-28 text-xl font-bold text-ink">{t(unit ? 'units.admin.editTitle' : 'units.admin.createTitle')}</h2>
      <div className="grid gap-5 md:grid-cols-2">
        <Field id="unit-floor" label={t('units.admin.fields.floor')} error={shown.floor && t(shown.floor)} required>
          {(describedBy) => (
            <select id="unit-floor" name="floor" value={values.floor} aria-describedby={describedBy} aria-invalid={Boolean(shown.floor) || undefined} onChange={(e) => set('floor', e.target.value)} className={INPUT}>
              <option value="">{t('units.admin.chooseFloor')}</option>
              {UNIT_FLOORS.map((floor) => <option key={floor} value={floor}>{t(`units.floor.${floor}`)}</option>)}
            </select>
          )}
        </Field>
        <Field id="unit-unitNumber" label={t('units.admin.fields.unitNumber')} error={shown.unitNumber && t(shown.unitNumber)} required>
          {(describedBy) => (
            <input id="unit-unitNumber" name="unitNumber" value={values.unitNumber} autoComplete="off" aria-describedby={describedBy} aria-invalid={Boolean(shown.unitNumber) || undefined} onChange={(e) => set('unitNumber', e.target.value)} className={INPUT} />
          )}
        </Field>
        {numberField('exclusiveAreaM2', true)}
        {numberField('supplyAreaM2', true)}
        {unit?.lease ? (
          // A signed lease governs the space: its status and "available from" follow the lease's dates (the API
          // refuses a hand edit, 409 lease_governs), so they are shown, not offered.
          <GovernedByLease unit={unit} lease={unit.lease} t={t} />
        ) : (
          <>
            <Field id="unit-status" label={t('units.admin.fields.status')} error={shown.status && t(shown.status)}>
              {(describedBy) => (
                <select id="unit-status" name="status" value={values.status} aria-describedby={describedBy} onChange={(e) => set('status', e.target.value as UnitFormValues['status'])} className={INPUT}>
                  {statusChoices(values.status).map((status) => <option key={status} value={status}>{t(`units.status.${status}`)}</option>)}
                </select>
              )}
            </Field>
            <Field id="unit-availableFrom" label={t('units.admin.fields.availableFrom')} hint={t('units.admin.hints.availableFrom')} error={shown.availableFrom && t(shown.availableFrom)}>
              {(describedBy) => (
                <input id="unit-availableFrom" name="availableFrom" type="date" value={values.availableFrom} aria-describedby={describedBy} aria-invalid={Boolean(shown.availableFrom) || undefined} onChange={(e) => set('availableFrom', e.target.value)} className={INPUT} />
              )}
            </Field>
          </>
        )}
        <fieldset className="scroll-mt-28 md:col-span-2" data-field>
          <legend className="text-sm font-semibold text-ink">{t('units.admin.fields.uses')}</legend>
          <div className="mt-2 flex flex-wrap gap-x-5 gap-y-2">
            {UNIT_USES.map((use) => (
              <label key={use} className="flex min-h-11 items-center gap-2 text-sm">
                <input id={`unit-use-${use}`} type="checkbox" name="uses" value={use} checked={values.uses.includes(use)} aria-invalid={Boolean(shown.uses) || undefined} className="h-4 w-4"
                  onChange={(e) => set('uses', e.target.checked ? UNIT_USES.filter((u) => u === use || values.uses.includes(u)) : values.uses.filter((u) => u !== use))} />
                {t(`brands.category.${use}`)}
              </label>
            ))}
          </div>
          {shown.uses && <p className="mt-1 text-sm text-danger">{t(shown.uses)}</p>}
        </fieldset>
        {numberField('monthlyRent')}
        {numberField('deposit')}
        {numberField('maintenanceFee')}
        <div>
          <label className="flex min-h-11 items-center gap-2 text-sm font-semibold text-ink">
            <input type="checkbox" name="pricePublic" checked={values.pricePublic} onChange={(e) => set('pricePublic', e.target.checked)} aria-describedby="unit-pricePublic-hint" className="h-4 w-4" />
            {t('units.admin.fields.pricePublic')}
          </label>
          <p id="unit-pricePublic-hint" className="text-xs text-muted">{t('units.admin.hints.pricePublic')}</p>
        </div>
        <ImageField purpose="plan" id="unit-plan" value={values.plan} onChange={(path) => set('plan', path)} error={shown.plan} texts={PLAN_TEXTS} t={t} />
        {UNIT_LANGUAGES.map((lang) => {
          const key = `note.${lang}`;
          const label = t('units.admin.fields.note', { language: t(`units.admin.languages.${lang}`) });
          return (
            <Field key={lang} id={`unit-note-${lang}`} label={label} error={shown[key] && t(shown[key])}>
              {(describedBy) => (
                <textarea id={`unit-note-${lang}`} name={key} lang={lang} rows={2} value={values.note[lang]} aria-describedby={describedBy} onChange={(e) => set('note', { ...values.note, [lang]: e.target.value })} className={INPUT} />
              )}
            </Field>
          );
        })}
      </div>
      <div className="flex flex-wrap gap-3">
        <button type="submit" className="btn-primary disabled:opacity-60" disabled={saving}>{t(unit ? 'units.admin.update' : 'units.admin.create')}</button>
        {unit && <button type="button" className="btn border border-line text-ink hover:bg-mist" onClick={onCancel}>{t('units.admin.cancel')}</button>}
      </div>
    </form>
  );
}

interface FieldProps {
  id: string;
  label: string;
  hint?: string;
  error?: string | false;
  required?: boolean;
  children: (describedBy: string | undefined) => ReactNode;
}

/** Label, control, hint and the field's message, tied together for screen readers. */
function Field({ id, label, hint, error, required = false, children }: FieldProps) {
  const describedBy = [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ') || undefined;
  return (
    <div data-field className="scroll-mt-28">
      <label htmlFor={id} className="text-sm font-semibold text-ink">
        {label} {required && <span aria-hidden="true" className="text-danger">*</span>}
      </label>
      {children(describedBy)}
      {hint && <p id={`${id}-hint`} className="mt-1 text-xs text-muted">{hint}</p>}
      {error && <p id={`${id}-error`} className="mt-1 text-sm text-danger" data-testid={`unit-error-${id.slice(5)}`}>{error}</p>}
    </div>
  );
}
