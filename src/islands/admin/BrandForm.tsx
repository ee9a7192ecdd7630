import { useState, type SubmitEvent, type ReactNode } from 'react';
import { BRAND_CATEGORIES, BRAND_FLOORS, type Brand, type BrandInput } from '~/shared/brand';
import type { Translate } from '~/i18n/translate';
import {
  EMPTY_BRAND_FORM, formFromBrand, validateBrandForm, type BrandFormErrors, type BrandFormField, type BrandFormValues,
} from '~/client/brand-form-model';
import ThumbnailField from './ThumbnailField';

interface Props {
  /** The brand being edited, or null to register a new one. */
  brand: Brand | null;
  serverErrors: BrandFormErrors;
  onSave: (input: BrandInput) => Promise<boolean>;
  onCancel: () => void;
  t: Translate;
}

const TEXT_FIELDS: { name: BrandFormField; type?: string; required?: boolean; multiline?: boolean; autoComplete?: string }[] = [
  { name: 'name', required: true },
  { name: 'description', required: true, multiline: true },
  { name: 'unit', required: true },
  { name: 'area', required: true },
  { name: 'phone', type: 'tel', required: true, autoComplete: 'off' },
  { name: 'email', type: 'email', required: true, autoComplete: 'off' },
  { name: 'website', type: 'url' },
];
/** In the payload but, as the spec says, without inputs: an edit carries the brand's own values through. */
const FIELDS_WITHOUT_INPUTS = ['tags', 'images'] as const;

/** Register or edit a brand; messages of spec §5 at each field, from the shared schema. */
export default function BrandForm({ brand, serverErrors, onSave, onCancel, t }: Props) {
  const [values, setValues] = useState<BrandFormValues>(brand ? formFromBrand(brand) : EMPTY_BRAND_FORM);
  const [errors, setErrors] = useState<BrandFormErrors>({});
  const [saving, setSaving] = useState(false);
  const shown = { ...serverErrors, ...errors };
  const set = (name: BrandFormField, value: string | boolean) => setValues((old) => ({ ...old, [name]: value }));

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const result = validateBrandForm(values);
    if ('errors' in result) {
      setErrors(result.errors);
      return;
    }
    setErrors({});
    setSaving(true);
    const saved = await onSave(result.input);
    setSaving(false);
    if (saved) setValues(EMPTY_BRAND_FORM);
  }

  const field = (name: BrandFormField, control: (describedBy: string | undefined) => ReactNode, required = false) => (
    <FieldShell key={name} name={name} label={t(`admin.brandForm.fields.${name}`)} error={shown[name] && t(shown[name])} required={required}>
      {control}
    </FieldShell>
  );
  const inputClass = 'mt-1 w-full rounded-md border border-muted bg-paper px-3 py-2 text-base';

  return (
    <form noValidate onSubmit={submit} aria-labelledby="brand-form-title" className="grid min-w-0 gap-5 rounded-2xl border border-line bg-paper p-6 shadow-sm">
      <h2 id="brand-form-title" className="text-xl font-bold text-ink">{t(brand ? 'admin.brandForm.editTitle' : 'admin.brandForm.createTitle')}</h2>
      <div className="grid gap-5 md:grid-cols-2">
        {TEXT_FIELDS.slice(0, 2).map((f) => field(f.name, (d) => textControl(f, values, set, d, inputClass), f.required))}
        {(['category', 'floor'] as const).map((name) =>
          field(name, (d) => (
            <select id={`brand-${name}`} name={name} value={values[name]} aria-invalid={Boolean(shown[name])} aria-describedby={d} onChange={(e) => set(name, e.target.value)} className={inputClass}>
              <option value="">{t(`admin.brandForm.choose.${name}`)}</option>
              {(name === 'category' ? BRAND_CATEGORIES : BRAND_FLOORS).map((value) => (
                <option key={value} value={value}>{t(`brands.${name}.${value}`)}</option>
              ))}
            </select>
          ), true),
        )}
        {TEXT_FIELDS.slice(2).map((f) => field(f.name, (d) => textControl(f, values, set, d, inputClass), f.required))}
        <label className="flex items-center gap-2 text-sm font-semibold text-ink">
          <input type="checkbox" name="isAvailable" checked={values.isAvailable} onChange={(e) => set('isAvailable', e.target.checked)} className="h-4 w-4" />
          {t('admin.brandForm.fields.isAvailable')}
        </label>
        <ThumbnailField value={values.thumbnail} onChange={(path) => set('thumbnail', path)} error={shown.thumbnail} t={t} />
      </div>
      {FIELDS_WITHOUT_INPUTS.filter((name) => shown[name]).map((name) => (
        <p key={name} role="alert" className="text-sm text-danger" data-testid={`error-${name}`}>{t(shown[name] as string)}</p>
      ))}
      <div className="flex gap-3">
        <button type="submit" className="btn-primary disabled:opacity-60" disabled={saving}>
          {t(brand ? 'admin.brandForm.update' : 'admin.brandForm.create')}
        </button>
        {brand && <button type="button" className="btn border border-line text-ink hover:bg-mist" onClick={onCancel}>{t('admin.brandForm.cancel')}</button>}
      </div>
    </form>
  );
}

function textControl(
  f: (typeof TEXT_FIELDS)[number],
  values: BrandFormValues,
  set: (name: BrandFormField, value: string) => void,
  describedBy: string | undefined,
  className: string,
) {
  const props = {
    id: `brand-${f.name}`,
    name: f.name,
    value: values[f.name] as string,
    required: f.required,
    'aria-describedby': describedBy,
    'aria-invalid': describedBy?.includes('error') || undefined,
    autoComplete: f.autoComplete,
    onChange: (e: { target: { value: string } }) => set(f.name, e.target.value),
    className,
  };
  return f.multiline ? <textarea rows={f.name === 'description' ? 4 : 2} {...props} /> : <input type={f.type ?? 'text'} {...props} />;
}

interface ShellProps {
  name: BrandFormField;
  label: string;
  hint?: string;
  error?: string;
  required: boolean;
  children: (describedBy: string | undefined) => ReactNode;
}

/** Label, control, hint and the field's validation message, tied together for screen readers. */
function FieldShell({ name, label, hint, error, required, children }: ShellProps) {
  const ids = [hint && `brand-${name}-hint`, error && `brand-${name}-error`].filter(Boolean).join(' ') || undefined;
  return (
    <div className={name === 'description' ? 'md:col-span-2' : undefined}>
      <label htmlFor={`brand-${name}`} className="text-sm font-semibold text-ink">
        {label} {required && <span aria-hidden="true" className="text-danger">*</span>}
      </label>
      {children(ids)}
      {hint && <p id={`brand-${name}-hint`} className="mt-1 text-xs text-muted">{hint}</p>}
      {error && <p id={`brand-${name}-error`} className="mt-1 text-sm text-danger" data-testid={`error-${name}`}>{error}</p>}
    </div>
  );
}
