import { useDeferredValue, useEffect, useMemo, useRef, useState, type SubmitEvent } from 'react';
import type { Translate } from '~/i18n/translate';
import { BRAND_CATEGORIES, type Brand } from '~/shared/brand-basics';
import { formatDay, formatKrw, perAreaLine } from '~/shared/deals/display';
import { byFloorThenUnit, type Unit } from '~/shared/units/unit';
import { LEASE_LIMITS } from '~/shared/leases/lease';
import { typedNumber } from '~/client/proposals/draft-model';
import {
  DEPOSIT_KINDS, NEW_INSTALLMENT, areaOfUnits, businessNumberProblem, checkLeaseDraft, draftFromLease, draftPreview, followingInstallments,
  tidyBusinessNumber, type LeaseDraftErrors, type LeaseDraftFields, type LeaseFields,
} from '~/client/leases/draft-model';
import type { LeaseRecord } from '~/client/leases/api';
import { Field, FreeRentFields, Group, TextInput, field } from '../inquiry/proposals/form-parts';
import { spaceLabel } from '../space-label';
import ContactsFields from './ContactsFields';
import ScheduleTable from './ScheduleTable';

interface Props {
  lease: LeaseRecord;
  /** Every space (the admin list) and every brand (the team's list, hidden ones too). */
  units: readonly Unit[];
  brands: readonly Brand[];
  /** Saves the form (the stored lease and the form's values); answers the server's refusals by field, or null when saved. */
  onSave: (fields: LeaseFields) => Promise<LeaseDraftErrors | null>;
  /** Told whether the form differs from what is stored (signing waits for a save). */
  onDirty: (dirty: boolean) => void;
  lang: string;
  t: Translate;
}

/** The control of a field's message: `dates.handoverOn` → #lease-<id>-dates-handoverOn. */
const controlId = (prefix: string, name: string) => `${prefix}-${name.replace(/\./g, '-')}`;

/**
 * A lease draft (issue 40), prefilled from the accepted proposal: the tenant (a 사업자등록번호 checked by its checksum at
 * the field), its people, the brand it will list under, the spaces, the dates a person sets beside those the terms
 * decide, the terms, the deposit's installments — and the schedule the terms make, with its yearly totals, computed
 * by the same functions the server stores it with (src/shared/leases). Money ㎡ first, 3.3㎡ beside.
 */
export default function LeaseDraftForm({ lease, units, brands, onSave, onDirty, lang, t }: Props) {
  const [fields, setFields] = useState<LeaseDraftFields>(() => draftFromLease(lease));
  const [shownErrors, setShownErrors] = useState<LeaseDraftErrors>({});
  const [saving, setSaving] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  const prefix = `lease-${lease.id.slice(0, 8)}`;
  const sorted = useMemo(() => units.toSorted(byFloorThenUnit), [units]);
  const brandOptions = useMemo(() => brands.toSorted((a, b) => a.name.localeCompare(b.name, lang)), [brands, lang]);

  const stored = useMemo(() => JSON.stringify(draftFromLease(lease)), [lease]);
  const dirty = JSON.stringify(fields) !== stored;
  useEffect(() => onDirty(dirty), [dirty, onDirty]);

  const deferred = useDeferredValue(fields);
  const preview = useMemo(() => {
    const checked = checkLeaseDraft(deferred, lease.status);
    if (!checked.terms) return null;
    const area = areaOfUnits(units, deferred.unitIds);
    const set = { contractOn: deferred.contractOn, handoverOn: deferred.handoverOn, openingOn: deferred.openingOn || null };
    return { area, ...draftPreview(checked.terms, area, set) };
  }, [deferred, units, lease.status]);

  /** A change of one field; installments nobody typed follow the deposit and the dates. */
  const set = <K extends keyof LeaseDraftFields>(key: K, value: LeaseDraftFields[K]) => {
    setFields((old) => {
      const next = { ...old, [key]: value };
      if (key === 'depositKrw' || key === 'contractOn' || key === 'handoverOn') next.installments = followingInstallments(old, next);
      return next;
    });
    setShownErrors((old) => (old[key as string] ? { ...old, [key]: '' } : old));
  };
  const setInstallment = (index: number, change: Partial<LeaseDraftFields['installments'][number]>) => {
    setFields((old) => ({ ...old, installments: old.installments.map((item, i) => (i === index ? { ...item, ...change } : item)) }));
    setShownErrors((old) => ({ ...old, depositSchedule: '' }));
  };

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (saving) return;
    const checked = checkLeaseDraft(fields, lease.status);
    if (!checked.fields) return showErrors(checked.errors);
    setSaving(true);
    try {
      const refused = await onSave(checked.fields);
      if (refused) showErrors(refused);
    } finally {
      setSaving(false);
    }
  }

  /** Shows every field's message and takes the person to the first field that has one. */
  function showErrors(errors: LeaseDraftErrors) {
    setShownErrors(errors);
    const first = Object.keys(errors).find((key) => errors[key]);
    if (!first) return;
    const target = first.startsWith('depositSchedule') ? `${prefix}-installments` : first === 'freeRent.months' ? `${prefix}-freeRentMonths` : first === 'unitIds' ? `${prefix}-units` : controlId(prefix, first);
    requestAnimationFrame(() => {
      const element = document.getElementById(target);
      (element?.matches('input, select, textarea, button') ? element : element?.querySelector<HTMLElement>('input, select, textarea, button'))?.focus();
    });
  }

  const id = (name: string) => controlId(prefix, name);
  const error = (name: string) => shownErrors[name] || undefined;
  const wonHint = (text: string) => {
    const value = typedNumber(text);
    return value !== undefined && Number.isFinite(value) ? formatKrw(value, lang) : undefined;
  };
  const perM2Hint = (text: string) => {
    const value = typedNumber(text);
    if (value === undefined || !Number.isFinite(value)) return undefined;
    const area = preview?.area.contractM2 ?? 0;
    const monthly = area > 0 ? ` · ${t('proposalPanel.form.monthlyTotal', { value: formatKrw(Math.round(value * area), lang) })}` : '';
    return `${perAreaLine(value, lang, t)}${monthly}`;
  };
  const months = t('proposalPanel.form.monthsUnit');
  const deposit = typedNumber(fields.depositKrw);
  const installmentSum = fields.installments.reduce((sum, item) => sum + (typedNumber(item.amountKrw) ?? 0), 0);
  const derived = preview?.dates;

  return (
    <form ref={form} noValidate onSubmit={(event) => void submit(event)} aria-labelledby={`${prefix}-form-title`} className="@container grid gap-4 rounded-lg border border-line p-3 sm:p-4" data-testid="lease-form">
      <h5 id={`${prefix}-form-title`} className="text-base font-bold text-ink">{t('leasePanel.form.title')}</h5>
      <p className="text-sm text-muted">{t('leasePanel.form.intro')}</p>

      <Group legend={t('leasePanel.form.tenant')}>
        <TextInput id={id('legalName')} label={t('leasePanel.fields.legalName')} value={fields.legalName} onChange={(value) => set('legalName', value)} error={error('legalName')} t={t} />
        <Field id={id('businessNumber')} label={t('leasePanel.fields.businessNumber')} error={error('businessNumber')} hint={t('leasePanel.form.businessNumberHint')} t={t}>
          {(describedBy, invalid) => (
            <input
              id={id('businessNumber')}
              name={id('businessNumber')}
              inputMode="numeric"
              autoComplete="off"
              value={fields.businessNumber}
              aria-invalid={invalid || undefined}
              aria-describedby={describedBy}
              onChange={(event) => set('businessNumber', event.target.value)}
              // The checksum is said when the person leaves the field, not at every digit typed.
              onBlur={() => {
                const problem = businessNumberProblem(fields.businessNumber);
                setFields((old) => ({ ...old, businessNumber: tidyBusinessNumber(old.businessNumber) }));
                setShownErrors((old) => ({ ...old, businessNumber: problem ?? '' }));
              }}
              className={field}
            />
          )}
        </Field>
        <TextInput id={id('representative')} label={t('leasePanel.fields.representative')} value={fields.representative} onChange={(value) => set('representative', value)} error={error('representative')} t={t} />
      </Group>

      <div className="border-t border-line pt-3">
        <ContactsFields id={prefix} contacts={fields.contacts} onChange={(contacts) => set('contacts', contacts)} errors={shownErrors} t={t} />
      </div>

      <fieldset className="grid min-w-0 gap-3 border-t border-line pt-3">
        <legend className="text-sm font-bold text-ink">{t('leasePanel.form.brand')}</legend>
        <div className="flex flex-wrap gap-2">
          {(['existing', 'new', 'none'] as const).map((choice) => (
            <label key={choice} className="flex min-h-11 items-center gap-2 rounded-md border border-line px-3 text-sm has-[:checked]:border-brass-strong has-[:checked]:bg-brass-soft">
              <input type="radio" name={id('brandChoice')} value={choice} checked={fields.brandChoice === choice} onChange={() => set('brandChoice', choice)} className="size-5" />
              {t(`leasePanel.brand.${choice}`)}
            </label>
          ))}
        </div>
        {fields.brandChoice === 'existing' && (
          <Field id={id('brandId')} label={t('leasePanel.fields.brandId')} error={error('brandId')} t={t}>
            {(describedBy, invalid) => (
              <select id={id('brandId')} name={id('brandId')} value={fields.brandId} aria-invalid={invalid || undefined} aria-describedby={describedBy} onChange={(event) => set('brandId', event.target.value)} className={field}>
                <option value="">{t('leasePanel.brand.choose')}</option>
                {brandOptions.map((brand) => <option key={brand.id} value={brand.id}>{brand.name}</option>)}
              </select>
            )}
          </Field>
        )}
        {fields.brandChoice === 'new' && (
          <div className="grid gap-3 @md:grid-cols-2">
            <TextInput id={id('newBrand.name')} label={t('leasePanel.fields.newBrandName')} value={fields.newBrandName} onChange={(value) => set('newBrandName', value)} error={error('newBrand.name')} t={t} />
            <Field id={id('newBrand.category')} label={t('leasePanel.fields.newBrandCategory')} error={error('newBrand.category')} t={t}>
              {(describedBy, invalid) => (
                <select id={id('newBrand.category')} name={id('newBrand.category')} value={fields.newBrandCategory} aria-invalid={invalid || undefined} aria-describedby={describedBy} onChange={(event) => set('newBrandCategory', event.target.value as LeaseDraftFields['newBrandCategory'])} className={field}>
                  <option value="">{t('leasePanel.brand.chooseCategory')}</option>
                  {BRAND_CATEGORIES.map((category) => <option key={category} value={category}>{t(`brands.category.${category}`)}</option>)}
                </select>
              )}
            </Field>
          </div>
        )}
        <p className="text-xs text-muted">{t('leasePanel.brand.note')}</p>
      </fieldset>

      <fieldset id={`${prefix}-units`} className="grid min-w-0 gap-2 border-t border-line pt-3" aria-describedby={error('unitIds') ? `${prefix}-units-error` : undefined}>
        <legend className="text-sm font-bold text-ink">{t('leasePanel.form.spaces')}</legend>
        <ul className="grid max-h-64 gap-1 overflow-y-auto rounded-md border border-line p-2">
          {sorted.map((unit) => {
            const chosen = fields.unitIds.includes(unit.id);
            return (
              <li key={unit.id}>
                <label className="flex min-h-11 items-center gap-3 rounded-md px-2 text-sm has-[:checked]:bg-brass-soft">
                  <input
                    type="checkbox"
                    name={id('unitIds')}
                    className="size-5 shrink-0"
                    checked={chosen}
                    // A space another lease governs cannot be leased again for the same days (the server says 409 unit_leased).
                    disabled={!chosen && unit.status === 'leased'}
                    onChange={(event) => set('unitIds', event.target.checked ? [...fields.unitIds, unit.id] : fields.unitIds.filter((other) => other !== unit.id))}
                  />
                  <span className="min-w-0">
                    <span className="font-semibold text-ink">{spaceLabel(unit, t)}</span>{' '}
                    <span className="text-muted">
                      {t('leasePanel.form.unitAreas', { contract: unit.supplyAreaM2, exclusive: unit.exclusiveAreaM2 })}
                      {unit.status !== 'available' && ` · ${t(`units.status.${unit.status}`)}`}
                    </span>
                  </span>
                </label>
              </li>
            );
          })}
        </ul>
        {error('unitIds') && <p id={`${prefix}-units-error`} className="text-sm text-danger">{t(error('unitIds')!)}</p>}
        {preview && <p className="text-xs text-muted" data-testid="lease-area">{t('proposalPanel.form.area', { contract: preview.area.contractM2, exclusive: preview.area.exclusiveM2 })}</p>}
      </fieldset>

      <Group legend={t('leasePanel.form.money')}>
        <TextInput id={id('depositKrw')} label={t('deals.terms.depositKrw')} value={fields.depositKrw} onChange={(value) => set('depositKrw', value)} error={error('depositKrw')} hint={wonHint(fields.depositKrw)} numeric="integer" t={t} />
        <TextInput id={id('rentPerM2Krw')} label={t('deals.terms.rentPerM2Krw')} value={fields.rentPerM2Krw} onChange={(value) => set('rentPerM2Krw', value)} error={error('rentPerM2Krw')} hint={perM2Hint(fields.rentPerM2Krw)} numeric="integer" t={t} />
        <TextInput id={id('maintenancePerM2Krw')} label={t('deals.terms.maintenancePerM2Krw')} value={fields.maintenancePerM2Krw} onChange={(value) => set('maintenancePerM2Krw', value)} error={error('maintenancePerM2Krw')} hint={perM2Hint(fields.maintenancePerM2Krw)} numeric="integer" t={t} />
        <label className="flex min-h-11 items-center gap-3 self-end text-sm">
          <input type="checkbox" name={id('vatExcluded')} className="size-5" checked={fields.vatExcluded} onChange={(event) => set('vatExcluded', event.target.checked)} />
          <span className="font-semibold text-ink">{t('deals.terms.vatExcludedYes')}</span>
        </label>
        <TextInput id={id('escalationPct')} label={t('deals.terms.escalationPct')} value={fields.escalationPct} onChange={(value) => set('escalationPct', value)} error={error('escalationPct')} numeric="decimal" suffix="%" t={t} />
        <FreeRentFields id={id} basis={fields.freeRentBasis} months={fields.freeRentMonths} onBasis={(basis) => set('freeRentBasis', basis)} onMonths={(value) => set('freeRentMonths', value)} error={error('freeRent.months')} t={t} />
      </Group>

      <Group legend={t('leasePanel.form.dates')}>
        <TextInput id={id('dates.contractOn')} type="date" label={t('leasePanel.fields.contractOn')} value={fields.contractOn} onChange={(value) => set('contractOn', value)} error={error('dates.contractOn')} t={t} />
        <TextInput id={id('dates.handoverOn')} type="date" label={t('leasePanel.fields.handoverOn')} value={fields.handoverOn} onChange={(value) => set('handoverOn', value)} error={error('dates.handoverOn')} t={t} />
        <TextInput id={id('startDate')} type="date" label={t('leasePanel.fields.commencementOn')} value={fields.startDate} onChange={(value) => set('startDate', value)} error={error('startDate')} hint={t('leasePanel.form.commencementHint')} t={t} />
        <TextInput id={id('fitoutMonths')} label={t('deals.terms.fitoutMonths')} value={fields.fitoutMonths} onChange={(value) => set('fitoutMonths', value)} error={error('fitoutMonths')} numeric="integer" suffix={months} t={t} />
        <TextInput id={id('termMonths')} label={t('deals.terms.termMonths')} value={fields.termMonths} onChange={(value) => set('termMonths', value)} error={error('termMonths')} numeric="integer" suffix={months} t={t} />
        <TextInput id={id('dates.openingOn')} type="date" label={t('leasePanel.fields.openingOn')} value={fields.openingOn} onChange={(value) => set('openingOn', value)} error={error('dates.openingOn')} hint={t('leasePanel.form.openingHint')} t={t} />
        {derived && (
          <div className="grid gap-1 rounded-md bg-mist p-3 text-sm @md:col-span-2">
            <p id={`${prefix}-derived-dates`} className="text-xs text-muted">{t('leasePanel.form.derivedDates')}</p>
            <dl className="grid gap-1" data-testid="lease-derived-dates" aria-labelledby={`${prefix}-derived-dates`}>
              {(['fitoutEndsOn', 'commencementOn', 'rentStartOn', 'expiresOn'] as const).map((name) => (
                <div key={name} className="flex justify-between gap-2">
                  <dt className="text-muted">{t(`leasePanel.fields.${name}`)}</dt>
                  <dd className="text-right text-ink" data-date={name}>{derived[name] ? formatDay(derived[name]!, lang) : t('leasePanel.facts.noDate')}</dd>
                </div>
              ))}
            </dl>
          </div>
        )}
      </Group>

      <fieldset id={`${prefix}-installments`} className="grid min-w-0 gap-3 border-t border-line pt-3" aria-describedby={`${prefix}-installments-sum${error('depositSchedule') ? ` ${prefix}-installments-error` : ''}`}>
        <legend className="text-sm font-bold text-ink">{t('leasePanel.deposit.title')}</legend>
        <ol className="grid gap-2">
          {fields.installments.map((item, index) => (
            <li key={index} className="grid gap-2 rounded-md border border-line p-2 @md:grid-cols-[10rem_1fr_12rem_auto] @md:items-end" data-testid="lease-installment">
              <Field id={`${prefix}-installment-${index}-kind`} label={t('leasePanel.deposit.kind', { n: index + 1 })} error={error(`depositSchedule.${index}.kind`)} t={t}>
                {(describedBy) => (
                  <select id={`${prefix}-installment-${index}-kind`} value={item.kind} aria-describedby={describedBy} onChange={(event) => setInstallment(index, { kind: event.target.value as typeof item.kind })} className={field}>
                    {DEPOSIT_KINDS.map((kind) => <option key={kind} value={kind}>{t(`leases.depositKinds.${kind}`)}</option>)}
                  </select>
                )}
              </Field>
              <TextInput id={`${prefix}-installment-${index}-amount`} label={t('leasePanel.deposit.amount', { n: index + 1 })} value={item.amountKrw} onChange={(value) => setInstallment(index, { amountKrw: value })} error={error(`depositSchedule.${index}.amountKrw`)} hint={wonHint(item.amountKrw)} numeric="integer" t={t} />
              <TextInput id={`${prefix}-installment-${index}-dueOn`} type="date" label={t('leasePanel.deposit.dueOn', { n: index + 1 })} value={item.dueOn} onChange={(value) => setInstallment(index, { dueOn: value })} error={error(`depositSchedule.${index}.dueOn`)} t={t} />
              <button type="button" className="btn min-h-11 border border-line text-ink" onClick={() => set('installments', fields.installments.filter((_, i) => i !== index))}>
                {t('leasePanel.deposit.remove', { n: index + 1 })}
              </button>
            </li>
          ))}
        </ol>
        <p id={`${prefix}-installments-sum`} className="text-sm text-muted tabular-nums" data-testid="lease-installments-sum">
          {t('leasePanel.deposit.sum', { sum: formatKrw(installmentSum, lang), deposit: deposit !== undefined && Number.isFinite(deposit) ? formatKrw(deposit, lang) : '—' })}
        </p>
        {error('depositSchedule') && <p id={`${prefix}-installments-error`} className="text-sm text-danger">{t(error('depositSchedule')!)}</p>}
        {fields.installments.length < LEASE_LIMITS.installments && (
          <button type="button" className="btn min-h-11 justify-self-start border border-ink text-ink" onClick={() => set('installments', [...fields.installments, NEW_INSTALLMENT(fields.handoverOn || fields.contractOn)])}>{t('leasePanel.deposit.add')}</button>
        )}
      </fieldset>

      <div className="border-t border-line pt-3">
        {preview ? <ScheduleTable rows={preview.rows} id={prefix} lang={lang} t={t} /> : <p className="text-sm text-muted">{t('leasePanel.schedule.fixTerms')}</p>}
      </div>

      <div className="flex flex-wrap gap-2">
        <button type="submit" disabled={saving} className="btn min-h-11 bg-ink text-white disabled:opacity-60">{saving ? t('leasePanel.actions.saving') : t('leasePanel.actions.save')}</button>
        <button type="button" disabled={saving} className="btn min-h-11 border border-ink text-ink" onClick={() => { setFields(draftFromLease(lease)); setShownErrors({}); }}>{t('leasePanel.actions.reset')}</button>
      </div>
    </form>
  );
}
