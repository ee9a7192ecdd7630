import { useEffect, useRef, useState, type SubmitEvent, type ReactNode } from 'react';
import { BRAND_CATEGORIES, BRAND_FLOORS, type Brand, type BrandInput, type BrandTextLocale } from '~/shared/brand';
import { LOCALES, type Locale } from '~/i18n/locales';
import type { Translate } from '~/i18n/translate';
import {
  EMPTY_BRAND_FORM, firstErrorField, formFromBrand, validateBrandForm,
  type BrandFormErrorKey, type BrandFormErrors, type BrandFormField, type BrandFormValues,
} from '~/client/brand-form-model';
import { revealAndFocus } from '~/client/reveal-and-focus';
import ThumbnailField from './ThumbnailField';
import TagsInput from './TagsInput';
import LanguageTabs from './LanguageTabs';

interface Props {
  /** The brand being edited, or null to register a new one. */
  brand: Brand | null;
  serverErrors: BrandFormErrors;
  onSave: (input: BrandInput) => Promise<boolean>;
  onCancel: () => void;
  /** Bring the form into view and focus its first field when it appears (after edit, save or cancel). */
  focusOnMount: boolean;
  t: Translate;
}

type TextField = 'unit' | 'area' | 'phone' | 'email' | 'website';
const TEXT_FIELDS: { name: TextField; type?: string; required?: boolean; autoComplete?: string }[] = [
  { name: 'unit', required: true },
  { name: 'area', required: true },
  { name: 'phone', type: 'tel', required: true, autoComplete: 'off' },
  { name: 'email', type: 'email', required: true, autoComplete: 'off' },
  { name: 'website', type: 'url' },
];

/** The element that takes focus for a field's error: its control, or the message where it has none (images). */
const controlId = (key: BrandFormErrorKey) =>
  key === 'images' ? 'brand-images-error' : `brand-${key.replace('I18n.', '-')}`;
const languageOf = (key: BrandFormErrorKey | undefined): Locale => (key?.includes('.') ? (key.split('.')[1] as Locale) : 'ko');

/** Register or edit a brand; messages of spec §5 at each field, from the shared schema. */
export default function BrandForm({ brand, serverErrors, onSave, onCancel, focusOnMount, t }: Props) {
  const [values, setValues] = useState<BrandFormValues>(brand ? formFromBrand(brand) : EMPTY_BRAND_FORM);
  const [errors, setErrors] = useState<BrandFormErrors>({});
  const [saving, setSaving] = useState(false);
  const [language, setLanguage] = useState<Locale>('ko');
  const form = useRef<HTMLFormElement>(null);
  const shown: BrandFormErrors = { ...serverErrors, ...errors };
  const set = <K extends BrandFormField>(name: K, value: BrandFormValues[K]) => setValues((old) => ({ ...old, [name]: value }));

  /** Shows the first field with an error (on its language tab) and puts focus there. */
  function focusFirstError(found: BrandFormErrors) {
    const first = firstErrorField(found);
    if (!first) return;
    setLanguage(languageOf(first));
    // After the tab's fields are rendered.
    requestAnimationFrame(() => document.getElementById(controlId(first))?.focus());
  }

  useEffect(() => {
    if (focusOnMount && form.current) revealAndFocus(form.current, document.getElementById('brand-name'));
  }, [focusOnMount]);
  useEffect(() => focusFirstError(serverErrors), [serverErrors]);

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const result = validateBrandForm(values);
    if ('errors' in result) {
      setErrors(result.errors);
      focusFirstError(result.errors);
      return;
    }
    setErrors({});
    setSaving(true);
    const saved = await onSave(result.input);
    // A saved form is replaced by a fresh one (BrandsTab), with its own upload dialog.
    if (!saved) setSaving(false);
  }

  const inputClass = 'mt-1 w-full rounded-md border border-muted bg-paper px-3 py-2 text-base';
  const textControl = (id: string, value: string, onChange: (value: string) => void, error: string | undefined, describedBy: string | undefined, extra: { type?: string; required?: boolean; multiline?: boolean; autoComplete?: string; lang?: string } = {}) => {
    const props = {
      id,
      name: id.replace(/^brand-/, ''),
      value,
      required: extra.required,
      lang: extra.lang,
      'aria-describedby': describedBy,
      'aria-invalid': Boolean(error) || undefined,
      autoComplete: extra.autoComplete,
      onChange: (e: { target: { value: string } }) => onChange(e.target.value),
      className: inputClass,
    };
    return extra.multiline ? <textarea rows={4} {...props} /> : <input type={extra.type ?? 'text'} {...props} />;
  };
  const errorText = (key: BrandFormErrorKey) => (shown[key] ? t(shown[key]) : undefined);

  const textsFor = (locale: Locale) => {
    if (locale === 'ko') {
      return [
        ...(['name', 'description'] as const).map((name) => (
          <FieldShell key={name} id={`brand-${name}`} label={t(`admin.brandForm.fields.${name}`)} error={errorText(name)} required wide={name === 'description'}>
            {(d) => textControl(`brand-${name}`, values[name], (value) => set(name, value), shown[name], d, { required: true, multiline: name === 'description' })}
          </FieldShell>
        )),
        <TagsInput key="tags" tags={values.tags} onChange={(tags) => set('tags', tags)} error={shown.tags} t={t} />,
      ];
    }
    const lang = locale as BrandTextLocale;
    const translatedLabel = (name: 'name' | 'description' | 'tags') =>
      t('admin.brandForm.translatedLabel', { field: t(`admin.brandForm.fields.${name}`), language: t(`admin.brandForm.languages.${lang}`) });
    return [
      ...(['name', 'description'] as const).map((name) => {
        const field = `${name}I18n` as const;
        const key = `${field}.${lang}` as const;
        return (
          <FieldShell key={key} id={`brand-${name}-${lang}`} label={translatedLabel(name)} error={errorText(key)} required={false} wide={name === 'description'}>
            {(d) => textControl(`brand-${name}-${lang}`, values[field][lang], (value) => set(field, { ...values[field], [lang]: value }), shown[key], d, { multiline: name === 'description', lang })}
          </FieldShell>
        );
      }),
      <TagsInput
        key={`tags-${lang}`}
        id={`brand-tags-${lang}`}
        label={translatedLabel('tags')}
        lang={lang}
        tags={values.tagsI18n[lang]}
        onChange={(tags) => set('tagsI18n', { ...values.tagsI18n, [lang]: tags })}
        error={shown[`tagsI18n.${lang}`]}
        t={t}
      />,
    ];
  };
  const languagesWithErrors = LOCALES.filter((locale) =>
    locale === 'ko' ? shown.name || shown.description || shown.tags : shown[`nameI18n.${locale}`] || shown[`descriptionI18n.${locale}`] || shown[`tagsI18n.${locale}`]);

  return (
    <form ref={form} noValidate onSubmit={submit} aria-labelledby="brand-form-title" className="grid min-w-0 scroll-mt-24 gap-5 rounded-2xl border border-line bg-paper p-6 shadow-sm" data-testid="brand-form">
      <h2 id="brand-form-title" className="text-xl font-bold text-ink">
        {brand ? t('admin.brandForm.editTitle') : t('admin.brandForm.createTitle')}
        {brand && <span className="ml-2 font-normal text-muted">— {brand.name}</span>}
      </h2>
      <div className="grid gap-5 md:grid-cols-2">
        <LanguageTabs selected={language} onSelect={setLanguage} withErrors={languagesWithErrors} t={t}>
          {textsFor(language)}
        </LanguageTabs>
        {(['category', 'floor'] as const).map((name) => (
          <FieldShell key={name} id={`brand-${name}`} label={t(`admin.brandForm.fields.${name}`)} error={errorText(name)} required>
            {(d) => (
              <select id={`brand-${name}`} name={name} value={values[name]} aria-invalid={Boolean(shown[name]) || undefined} aria-describedby={d} onChange={(e) => set(name, e.target.value)} className={inputClass}>
                <option value="">{t(`admin.brandForm.choose.${name}`)}</option>
                {(name === 'category' ? BRAND_CATEGORIES : BRAND_FLOORS).map((value) => (
                  <option key={value} value={value}>{t(`brands.${name}.${value}`)}</option>
                ))}
              </select>
            )}
          </FieldShell>
        ))}
        {TEXT_FIELDS.map((f) => (
          <FieldShell key={f.name} id={`brand-${f.name}`} label={t(`admin.brandForm.fields.${f.name}`)} error={errorText(f.name)} required={Boolean(f.required)}>
            {(d) => textControl(`brand-${f.name}`, values[f.name], (value) => set(f.name, value), shown[f.name], d, f)}
          </FieldShell>
        ))}
        <div>
          <label className="flex items-center gap-2 text-sm font-semibold text-ink">
            <input id="brand-isAvailable" type="checkbox" name="isAvailable" aria-describedby="brand-isAvailable-hint" checked={values.isAvailable} onChange={(e) => set('isAvailable', e.target.checked)} className="h-4 w-4" />
            {t('status.open')}
          </label>
          <p id="brand-isAvailable-hint" className="mt-1 text-xs text-muted">{t('status.openHint')}</p>
        </div>
        <ThumbnailField value={values.thumbnail} onChange={(path) => set('thumbnail', path)} error={shown.thumbnail} t={t} />
      </div>
      {shown.images && (
        <p id="brand-images-error" tabIndex={-1} role="alert" className="text-sm text-danger" data-testid="error-images">{t(shown.images)}</p>
      )}
      <div className="flex gap-3">
        <button type="submit" className="btn-primary disabled:opacity-60" disabled={saving}>
          {t(brand ? 'admin.brandForm.update' : 'admin.brandForm.create')}
        </button>
        {brand && <button type="button" className="btn border border-line text-ink hover:bg-mist" onClick={onCancel}>{t('admin.brandForm.cancel')}</button>}
      </div>
    </form>
  );
}

interface ShellProps {
  id: string;
  label: string;
  error?: string;
  required: boolean;
  wide?: boolean;
  children: (describedBy: string | undefined) => ReactNode;
}

/** Label, control and the field's validation message, tied together for screen readers. */
function FieldShell({ id, label, error, required, wide, children }: ShellProps) {
  return (
    <div className={wide ? 'md:col-span-2' : undefined}>
      <label htmlFor={id} className="text-sm font-semibold text-ink">
        {label} {required && <span aria-hidden="true" className="text-danger">*</span>}
      </label>
      {children(error ? `${id}-error` : undefined)}
      {error && <p id={`${id}-error`} className="mt-1 text-sm text-danger" data-testid={`error-${id.replace(/^brand-/, '')}`}>{error}</p>}
    </div>
  );
}
