import type { ReactNode } from 'react';
import { LOCALE_TAGS, type Locale } from '~/i18n/locales';
import type { Translate } from '~/i18n/translate';
import { BRAND_CATEGORIES } from '~/shared/brand-basics';
import { UNIT_FLOORS, toPyeong } from '~/shared/units/basics';
import { INQUIRY_LIMITS, PREFERRED_CONTACTS } from '~/shared/inquiry-basics';
import type { DetailField } from '~/client/tenant-details-model';
import type { TenantDetails } from './use-tenant-details';

interface Props {
  details: TenantDetails;
  locale: Locale;
  t: Translate;
}

const INPUT = 'min-h-11 w-full rounded-md border border-muted bg-paper px-3 py-2 text-base';
const CHOICE = 'flex min-h-11 cursor-pointer items-center gap-2 rounded-md border border-line px-3 text-sm text-ink has-[:checked]:border-brass-strong has-[:checked]:bg-brass-soft';
const LABEL = 'mb-1 block text-sm font-semibold text-ink';
const CONTACTS = ['', ...PREFERRED_CONTACTS] as const;
const CONTACT_LABEL = { '': 'noPreference', phone: 'contactPhone', email: 'contactEmail' } as const;

/** Ids of a field's hint and error, for `aria-describedby`. */
const ids = (id: string, hint: boolean, error: boolean) => [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ') || undefined;

/**
 * "Tell us more (optional)" under the contact form's required fields: company, business type, floors,
 * area in m² with its 평, move-in date and preferred contact. Closed at first, so a quick inquiry stays
 * four fields (and none of its controls shares a name with the required ones until it is opened); it opens
 * by itself when one of its fields is refused.
 */
export default function TenantDetailsFields({ details, locale, t }: Props) {
  const { values, errors, set } = details;
  const pyeong = new Intl.NumberFormat(LOCALE_TAGS[locale], { maximumFractionDigits: 1 });
  const error = (field: DetailField, id: string): ReactNode =>
    errors[field] && <p id={`${id}-error`} className="mt-1 text-sm text-danger">{t(errors[field])}</p>;
  const invalid = (field: DetailField) => (errors[field] ? true : undefined);

  function areaInput(bound: 'areaMin' | 'areaMax') {
    const id = `inquiry-${bound}`;
    const m2 = Number(values[bound]);
    return (
      <div>
        <label htmlFor={id} className={LABEL}>{t(`inquiryExtra.${bound}`)}</label>
        <input
          id={id} name={bound} type="number" inputMode="decimal" min={1} max={INQUIRY_LIMITS.areaM2} step="any"
          value={values[bound]} onChange={(e) => set(bound, e.target.value)} className={INPUT}
          aria-invalid={invalid('desiredAreaM2')} aria-describedby={[`${id}-pyeong`, errors.desiredAreaM2 && 'inquiry-area-error'].filter(Boolean).join(' ')}
        />
        <p id={`${id}-pyeong`} className="mt-1 min-h-5 text-sm text-muted" data-testid={`${bound}-pyeong`}>
          {values[bound].trim() !== '' && m2 > 0 ? t('inquiryExtra.pyeongHint', { value: pyeong.format(toPyeong(m2)) }) : ''}
        </p>
      </div>
    );
  }

  return (
    <details open={details.open} onToggle={(e) => details.setOpen(e.currentTarget.open)} className="group rounded-xl border border-line" data-testid="tenant-details">
      <summary className="flex min-h-11 cursor-pointer items-center gap-2 rounded-xl px-4 py-2 font-semibold text-ink hover:bg-mist">
        {t('inquiryExtra.toggle')}
        {/* The marker a flex summary loses: shows that the group opens and closes. */}
        <span aria-hidden="true" className="ml-auto text-brass-strong transition-transform group-open:rotate-180 motion-reduce:transition-none">▾</span>
      </summary>
      {/* Rendered only while open: a closed group costs the page nothing, and what was typed stays in the hook. */}
      {details.open && <div className="grid gap-6 border-t border-line p-4 sm:grid-cols-2 sm:p-6">
        <p className="text-sm text-muted sm:col-span-2">{t('inquiryExtra.intro')}</p>

        <div>
          <label htmlFor="inquiry-company" className={LABEL}>{t('inquiryExtra.company')}</label>
          <input
            id="inquiry-company" name="company" type="text" autoComplete="organization" maxLength={INQUIRY_LIMITS.company}
            value={values.company} onChange={(e) => set('company', e.target.value)} className={INPUT}
            aria-invalid={invalid('company')} aria-describedby={ids('inquiry-company', true, !!errors.company)}
          />
          <p id="inquiry-company-hint" className="mt-1 text-sm text-muted">{t('inquiryExtra.companyHint')}</p>
          {error('company', 'inquiry-company')}
        </div>

        <div>
          <label htmlFor="inquiry-businessType" className={LABEL}>{t('inquiryExtra.businessType')}</label>
          <select
            id="inquiry-businessType" name="businessType" value={values.businessType} onChange={(e) => set('businessType', e.target.value)}
            className={INPUT} aria-invalid={invalid('businessType')} aria-describedby={ids('inquiry-businessType', false, !!errors.businessType)}
          >
            <option value="">{t('inquiryExtra.chooseBusinessType')}</option>
            {BRAND_CATEGORIES.map((category) => <option key={category} value={category}>{t(`brands.category.${category}`)}</option>)}
          </select>
          {error('businessType', 'inquiry-businessType')}
        </div>

        <fieldset className="min-w-0 sm:col-span-2" aria-describedby={ids('inquiry-floors', true, !!errors.desiredFloors)}>
          <legend className={LABEL}>{t('inquiryExtra.desiredFloors')}</legend>
          <p id="inquiry-floors-hint" className="mb-2 text-sm text-muted">{t('inquiryExtra.floorsHint')}</p>
          <div className="grid grid-cols-2 gap-2 min-[420px]:grid-cols-3 sm:grid-cols-4">
            {UNIT_FLOORS.map((floor) => (
              <label key={floor} className={CHOICE}>
                <input
                  type="checkbox" name="desiredFloors" value={floor} className="size-5 shrink-0 accent-brass-strong"
                  checked={values.desiredFloors.includes(floor)}
                  onChange={(e) => set('desiredFloors', e.target.checked ? [...values.desiredFloors, floor] : values.desiredFloors.filter((f) => f !== floor))}
                />
                {t(`units.floor.${floor}`)}
              </label>
            ))}
          </div>
          {error('desiredFloors', 'inquiry-floors')}
        </fieldset>

        <fieldset className="min-w-0 sm:col-span-2" aria-describedby={ids('inquiry-area', true, !!errors.desiredAreaM2)}>
          <legend className={LABEL}>{t('inquiryExtra.desiredArea')}</legend>
          <p id="inquiry-area-hint" className="mb-2 text-sm text-muted">{t('inquiryExtra.areaHint')}</p>
          <div className="grid grid-cols-2 gap-4">
            {areaInput('areaMin')}
            {areaInput('areaMax')}
          </div>
          {error('desiredAreaM2', 'inquiry-area')}
        </fieldset>

        <div>
          <label htmlFor="inquiry-moveInDate" className={LABEL}>{t('inquiryExtra.moveInDate')}</label>
          <input
            id="inquiry-moveInDate" name="moveInDate" type="date" value={values.moveInDate} onChange={(e) => set('moveInDate', e.target.value)}
            className={INPUT} aria-invalid={invalid('moveInDate')} aria-describedby={ids('inquiry-moveInDate', true, !!errors.moveInDate)}
          />
          <p id="inquiry-moveInDate-hint" className="mt-1 text-sm text-muted">{t('inquiryExtra.moveInHint')}</p>
          {error('moveInDate', 'inquiry-moveInDate')}
        </div>

        <fieldset className="min-w-0" aria-describedby={ids('inquiry-contact', true, !!errors.preferredContact)}>
          <legend className={LABEL}>{t('inquiryExtra.preferredContact')}</legend>
          <p id="inquiry-contact-hint" className="mb-2 text-sm text-muted">{t('inquiryExtra.contactHint')}</p>
          <div className="flex flex-wrap gap-2">
            {CONTACTS.map((contact) => (
              <label key={contact || 'none'} className={CHOICE}>
                <input
                  type="radio" name="preferredContact" value={contact} className="size-5 shrink-0 accent-brass-strong"
                  checked={values.preferredContact === contact} onChange={() => set('preferredContact', contact)}
                />
                {t(`inquiryExtra.${CONTACT_LABEL[contact]}`)}
              </label>
            ))}
          </div>
          {error('preferredContact', 'inquiry-contact')}
        </fieldset>
      </div>}
    </details>
  );
}
