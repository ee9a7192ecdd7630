import { useDeferredValue, useMemo, useRef, useState, type SubmitEvent } from 'react';
import type { Translate } from '~/i18n/translate';
import { LOCALES } from '~/i18n/locales';
import type { AskingSnapshot } from '~/shared/deals/asking';
import type { DealRates } from '~/shared/deals/rates';
import type { DealTerms } from '~/shared/deals/terms';
import { formatKrw, perAreaLine } from '~/shared/deals/display';
import { UNIT_USES, byFloorThenUnit, type Unit } from '~/shared/units/unit';
import { askingOf, checkDraft, prefilledDraft, previewMetrics, typedNumber, type DraftErrors, type DraftFields } from '~/client/proposals/draft-model';
import { approvalRules, needsApproval, type ApprovalSettings } from '~/shared/proposals/approval-rules';
import { RuleList } from './ApprovalTrail';
import EconomicsPanel from './EconomicsPanel';
import { Field, FreeRentFields, Group, TextInput, field } from './form-parts';

/** The fields that come from the spaces' asking terms: refilled when the spaces change, until the agent types in one. */
const ASKING_FIELDS = ['depositKrw', 'rentPerM2Krw', 'maintenancePerM2Krw', 'escalationPct'] as const;

interface Props {
  /** Every space (the admin list, prices included). */
  units: readonly Unit[];
  rates: DealRates;
  /** The owner's approval rules: the form says before submitting whether the terms will need an owner. */
  approval: ApprovalSettings;
  initial: DraftFields;
  /** The asking package the version being edited froze; a new draft freezes the chosen spaces' now. */
  frozenAsking?: AskingSnapshot | null;
  title: string;
  /** What saving will do beyond saving (an edit voids an approval; the next version keeps its parent). */
  note?: string;
  /** What the save button says: "save draft", "save as version n + 1". */
  saveLabel: string;
  /** Saves; answers the server's refusals by field, or null when saved. */
  onSave: (fields: DraftFields, terms: DealTerms) => Promise<DraftErrors | null>;
  onCancel: () => void;
  lang: string;
  t: Translate;
}

/**
 * A proposal's terms (issue 39), prefilled from the chosen spaces' asking terms, beside the live economics the
 * server will store on save (computed by src/shared/deals, the same functions). The figures follow the typing a
 * render behind (useDeferredValue), so a keystroke is never held up by them.
 */
export default function DraftForm({ units, rates, approval, initial, frozenAsking = null, title, note, saveLabel, onSave, onCancel, lang, t }: Props) {
  const [fields, setFields] = useState<DraftFields>(initial);
  const [touched, setTouched] = useState<ReadonlySet<string>>(() => new Set(frozenAsking ? ASKING_FIELDS : []));
  const [shownErrors, setShownErrors] = useState<DraftErrors>({});
  const [saving, setSaving] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  const sorted = useMemo(() => units.toSorted(byFloorThenUnit), [units]);

  const deferred = useDeferredValue(fields);
  const sameSpaces = (snapshot: AskingSnapshot | null, ids: readonly string[]) =>
    snapshot !== null && snapshot.units.length === ids.length && snapshot.units.every((unit) => ids.includes(unit.id));
  const preview = useMemo(() => {
    const asking = sameSpaces(frozenAsking, deferred.unitIds) ? frozenAsking : askingOf(units, deferred.unitIds, rates);
    const checked = checkDraft(deferred);
    const metrics = asking && checked.terms ? previewMetrics(checked.terms, asking, rates) : null;
    return { asking, metrics, rules: metrics && checked.terms ? approvalRules(checked.terms, metrics, approval) : null };
  }, [deferred, units, rates, approval, frozenAsking]);

  const set = <K extends keyof DraftFields>(key: K, value: DraftFields[K]) => {
    setFields((old) => ({ ...old, [key]: value }));
    setTouched((old) => new Set(old).add(key));
    setShownErrors((old) => (old[key] ? { ...old, [key]: '' } : old));
  };

  /** A space ticked or unticked: the asking figures follow the spaces until the agent typed one of them. */
  const chooseUnits = (unitIds: string[]) => {
    setShownErrors((old) => ({ ...old, unitIds: '' }));
    const refill = prefilledDraft(askingOf(units, unitIds, rates), { unitIds, locale: fields.locale });
    setFields((old) => {
      const next = { ...old, unitIds };
      for (const key of ASKING_FIELDS) if (!touched.has(key)) next[key] = refill[key];
      return next;
    });
  };

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const { terms, errors } = checkDraft(fields);
    if (!terms || Object.keys(errors).length > 0) return showErrors(errors);
    setSaving(true);
    try {
      const refused = await onSave(fields, terms);
      if (refused) showErrors(refused);
    } finally {
      setSaving(false);
    }
  }

  /** Shows every field's message and takes the person to the first field that has one. */
  function showErrors(errors: DraftErrors) {
    setShownErrors(errors);
    const first = Object.keys(errors).find((key) => errors[key]);
    if (first) form.current?.querySelector<HTMLElement>(`[name="proposal-${first === 'freeRent.months' ? 'freeRentMonths' : first}"]`)?.focus();
  }

  const id = (name: string) => `proposal-${name}`;
  const error = (name: string) => shownErrors[name] || undefined;
  const contractArea = preview.asking?.contractAreaM2 ?? 0;
  const wonHint = (text: string) => {
    const value = typedNumber(text);
    return value !== undefined && Number.isFinite(value) ? formatKrw(value, lang) : undefined;
  };
  const perM2Hint = (text: string) => {
    const value = typedNumber(text);
    if (value === undefined || !Number.isFinite(value)) return undefined;
    const monthly = contractArea > 0 ? ` · ${t('proposalPanel.form.monthlyTotal', { value: formatKrw(Math.round(value * contractArea), lang) })}` : '';
    return `${perAreaLine(value, lang, t)}${monthly}`;
  };
  const money = (name: 'depositKrw' | 'tiKrw' | 'brokerFeeKrw') => (
    <TextInput id={id(name)} label={t(`deals.terms.${name}`)} value={fields[name]} onChange={(value) => set(name, value)} error={error(name)} hint={wonHint(fields[name])} numeric="integer" t={t} />
  );
  const perM2 = (name: 'rentPerM2Krw' | 'maintenancePerM2Krw') => (
    <TextInput id={id(name)} label={t(`deals.terms.${name}`)} value={fields[name]} onChange={(value) => set(name, value)} error={error(name)} hint={perM2Hint(fields[name])} numeric="integer" t={t} />
  );
  const count = (name: 'termMonths' | 'fitoutMonths', suffix: string) => (
    <TextInput id={id(name)} label={t(`deals.terms.${name}`)} value={fields[name]} onChange={(value) => set(name, value)} error={error(name)} numeric="integer" suffix={suffix} t={t} />
  );
  const pct = (name: 'escalationPct' | 'contractDepositPct') => (
    <TextInput id={id(name)} label={t(`deals.terms.${name}`)} value={fields[name]} onChange={(value) => set(name, value)} error={error(name)} numeric="decimal" suffix="%" t={t} />
  );
  const months = t('proposalPanel.form.monthsUnit');

  return (
    <form ref={form} noValidate onSubmit={(event) => void submit(event)} aria-labelledby="proposal-form-title" className="@container grid gap-4 rounded-lg border border-line p-3 sm:p-4" data-testid="proposal-form">
      <h4 id="proposal-form-title" className="text-base font-bold text-ink">{title}</h4>
      {note && <p role="note" className="rounded-md bg-brass-soft p-2 text-sm text-ink">{note}</p>}
      {/* One column where the inquiry's detail is narrow (the live figures come after the terms that move them);
          beside the form, sticky, where the form has room. Sized by the form's own width, not the window's. */}
      <div className="grid gap-4 @5xl:grid-flow-dense @5xl:grid-cols-[minmax(0,1fr)_minmax(0,26rem)] @5xl:gap-x-6">
        <fieldset className="grid min-w-0 gap-2 @5xl:col-start-1" aria-describedby={error('unitIds') ? 'proposal-units-error' : undefined}>
          <legend className="text-sm font-bold text-ink">{t('proposalPanel.form.spaces')}</legend>
          <ul className="grid max-h-64 gap-1 overflow-y-auto rounded-md border border-line p-2" data-testid="proposal-units">
            {sorted.map((unit) => (
              <li key={unit.id}>
                <label className="flex min-h-11 items-center gap-3 rounded-md px-2 text-sm has-[:checked]:bg-brass-soft">
                  <input
                    type="checkbox"
                    name="proposal-unitIds"
                    className="size-5 shrink-0"
                    checked={fields.unitIds.includes(unit.id)}
                    disabled={unit.status === 'leased' && !fields.unitIds.includes(unit.id)}
                    onChange={(event) => chooseUnits(event.target.checked ? [...fields.unitIds, unit.id] : fields.unitIds.filter((chosen) => chosen !== unit.id))}
                  />
                  <span className="min-w-0">
                    <span className="font-semibold text-ink">{t(`units.floor.${unit.floor}`)} {unit.unitNumber}</span>{' '}
                    <span className="text-muted">
                      {t('proposalPanel.form.unitArea', { area: unit.supplyAreaM2 })}
                      {' · '}
                      {unit.monthlyRent === null ? t('deals.metrics.noAsking') : t('proposalPanel.form.unitRent', { rent: formatKrw(unit.monthlyRent, lang) })}
                      {unit.status !== 'available' && ` · ${t(`units.status.${unit.status}`)}`}
                    </span>
                  </span>
                </label>
              </li>
            ))}
          </ul>
          {error('unitIds') && <p id="proposal-units-error" className="text-sm text-danger">{t(error('unitIds')!)}</p>}
          {preview.asking && (
            <p className="text-xs text-muted" data-testid="proposal-area">
              {t('proposalPanel.form.area', { contract: preview.asking.contractAreaM2, exclusive: preview.asking.exclusiveAreaM2 })}
            </p>
          )}
        </fieldset>

        <Group legend={t('proposalPanel.form.money')}>
          {money('depositKrw')}
          {perM2('rentPerM2Krw')}
          {perM2('maintenancePerM2Krw')}
          <label className="flex min-h-11 items-center gap-3 self-end text-sm">
            <input type="checkbox" name={id('vatExcluded')} className="size-5" checked={fields.vatExcluded} onChange={(event) => set('vatExcluded', event.target.checked)} />
            <span className="font-semibold text-ink">{t('deals.terms.vatExcludedYes')}</span>
          </label>
        </Group>

        <Group legend={t('proposalPanel.form.term')}>
          {count('termMonths', months)}
          <TextInput id={id('startDate')} type="date" label={t('deals.terms.startDate')} value={fields.startDate} onChange={(value) => set('startDate', value)} error={error('startDate')} t={t} />
          {count('fitoutMonths', months)}
          {pct('escalationPct')}
        </Group>

        <Group legend={t('proposalPanel.form.concessions')}>
          <FreeRentFields id={id} basis={fields.freeRentBasis} months={fields.freeRentMonths} onBasis={(basis) => set('freeRentBasis', basis)} onMonths={(value) => set('freeRentMonths', value)} error={error('freeRent.months')} note={t('deals.terms.fitoutNote')} t={t} />
          {money('tiKrw')}
          {money('brokerFeeKrw')}
        </Group>

        <section aria-labelledby="proposal-preview-title" className="grid content-start gap-2 @5xl:sticky @5xl:top-24 @5xl:col-start-2 @5xl:row-span-6 @5xl:row-start-1 @5xl:self-start" data-testid="proposal-preview">
          <h5 id="proposal-preview-title" className="text-sm font-bold text-ink">{t('proposalPanel.economics.title')}</h5>
          {preview.metrics ? (
            <>
              <EconomicsPanel id="proposal-preview-economics" metrics={preview.metrics} askingRentPerM2={preview.asking?.rentPerM2Krw ?? null} lang={lang} t={t} />
              {preview.rules && (
                <div className="grid gap-1 rounded-lg border border-line p-3" data-testid="preview-rules" data-needs-approval={needsApproval(preview.rules)}>
                  <p className="text-sm font-semibold text-ink">{t(needsApproval(preview.rules) ? 'proposalPanel.form.needsApproval' : 'proposalPanel.form.autoApproval')}</p>
                  <RuleList rules={preview.rules} lang={lang} t={t} />
                </div>
              )}
            </>
          ) : (
            <p className="text-sm text-muted" data-testid="preview-waiting">{t(preview.asking ? 'proposalPanel.economics.fixFields' : 'proposalPanel.economics.chooseSpaces')}</p>
          )}
        </section>

        <Group legend={t('proposalPanel.form.other')}>
          {pct('contractDepositPct')}
          <Field id={id('use')} label={t('deals.terms.use')} error={error('use')} t={t}>
            {(describedBy, invalid) => (
              <select id={id('use')} name={id('use')} value={fields.use} aria-invalid={invalid || undefined} aria-describedby={describedBy} onChange={(event) => set('use', event.target.value)} className={field}>
                <option value="">{t('deals.terms.none')}</option>
                {UNIT_USES.map((use) => <option key={use} value={use}>{t(`brands.category.${use}`)}</option>)}
              </select>
            )}
          </Field>
          <TextInput id={id('useDetail')} label={t('deals.terms.useDetail')} value={fields.useDetail} onChange={(value) => set('useDetail', value)} error={error('useDetail')} t={t} />
          <TextInput id={id('parking')} label={t('deals.terms.parking')} value={fields.parking} onChange={(value) => set('parking', value)} error={error('parking')} t={t} />
          <div className="@md:col-span-2">
            <Field id={id('specialTerms')} label={t('deals.terms.specialTerms')} error={error('specialTerms')} hint={t('proposalPanel.form.specialTermsHint')} t={t}>
              {(describedBy, invalid) => (
                <textarea id={id('specialTerms')} name={id('specialTerms')} rows={3} value={fields.specialTerms} aria-invalid={invalid || undefined} aria-describedby={describedBy} onChange={(event) => set('specialTerms', event.target.value)} className="w-full rounded-md border border-muted px-3 py-2 text-base" />
              )}
            </Field>
          </div>
        </Group>

        <Group legend={t('proposalPanel.form.sending')}>
          <TextInput id={id('validUntil')} type="date" label={t('proposalPanel.fields.validUntil')} value={fields.validUntil} onChange={(value) => set('validUntil', value)} error={error('validUntil')} hint={t('proposalPanel.form.validUntilHint')} t={t} />
          <Field id={id('locale')} label={t('proposalPanel.fields.locale')} error={error('locale')} t={t}>
            {(describedBy) => (
              <select id={id('locale')} name={id('locale')} value={fields.locale} aria-describedby={describedBy} onChange={(event) => set('locale', event.target.value)} className={field}>
                {LOCALES.map((code) => <option key={code} value={code}>{t(`inbox.locales.${code}`)}</option>)}
              </select>
            )}
          </Field>
        </Group>
      </div>
      <div className="flex flex-wrap gap-2">
        <button type="submit" disabled={saving} className="btn min-h-11 bg-ink text-white">{saving ? t('proposalPanel.actions.saving') : saveLabel}</button>
        <button type="button" onClick={onCancel} className="btn min-h-11 border border-ink text-ink">{t('proposalPanel.actions.cancel')}</button>
      </div>
    </form>
  );
}
