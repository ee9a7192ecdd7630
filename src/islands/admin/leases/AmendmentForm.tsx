import { useDeferredValue, useMemo, useState, type SubmitEvent } from 'react';
import * as v from 'valibot';
import type { Translate } from '~/i18n/translate';
import { formatKrw, perAreaLine } from '~/shared/deals/display';
import { FREE_RENT_BASES, type FreeRentBasis } from '~/shared/deals/terms';
import type { TermChanges } from '~/shared/deals/amendments';
import { LeaseAmendmentSchema } from '~/shared/leases/lease';
import { amendmentProblems, leaseSchedule } from '~/shared/leases/schedule';
import { typedNumber } from '~/client/proposals/draft-model';
import { amendLease, type LeaseRecord } from '~/client/leases/api';
import { Field, TextInput, field } from '../inquiry/proposals/form-parts';
import ScheduleTable from './ScheduleTable';
import { fieldsOf } from './refusal';
import { useLeaseWrite } from './use-lease-write';

interface Props {
  lease: LeaseRecord;
  lang: string;
  t: Translate;
  onDone: (saved: LeaseRecord | null) => void;
  onCancel: () => void;
}

interface AmendmentFields {
  effectiveOn: string;
  reason: string;
  rentPerM2Krw: string;
  maintenancePerM2Krw: string;
  escalationPct: string;
  changeFreeRent: boolean;
  freeRentBasis: FreeRentBasis;
  freeRentMonths: string;
  termMonths: string;
  depositKrw: string;
  terminatesOn: string;
}

/** The amendment as the API takes it: an empty box changes nothing. */
function amendmentInput(fields: AmendmentFields) {
  const number = (text: string) => (text.trim() === '' ? undefined : typedNumber(text));
  const changes: Record<string, unknown> = {
    rentPerM2Krw: number(fields.rentPerM2Krw),
    maintenancePerM2Krw: number(fields.maintenancePerM2Krw),
    escalationPct: number(fields.escalationPct),
    freeRent: fields.changeFreeRent ? { basis: fields.freeRentBasis, months: typedNumber(fields.freeRentMonths) ?? Number.NaN } : undefined,
    termMonths: number(fields.termMonths),
    depositKrw: number(fields.depositKrw),
    terminatesOn: fields.terminatesOn === '' ? undefined : fields.terminatesOn,
  };
  return { effectiveOn: fields.effectiveOn, reason: fields.reason, changes: Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined)) };
}

const FIELD_OF: Record<string, string> = { 'changes.freeRent.months': 'freeRentMonths', 'changes.freeRent': 'freeRentMonths', changes: 'changes' };
const formField = (path: string) => FIELD_OF[path] ?? path.replace(/^changes\./, '');

/**
 * An owner's amendment of a signed lease (issue 40): from its effective date, what changes (any of rent, 관리비,
 * escalation, rent-free, the term, the deposit, an early end) and why. The schedule it makes is shown before it is
 * saved — the months before the date stay as they were, those after are made again (src/shared/deals/amendments.ts).
 */
export default function AmendmentForm({ lease, lang, t, onDone, onCancel }: Props) {
  const [fields, setFields] = useState<AmendmentFields>(() => ({
    effectiveOn: '', reason: '', rentPerM2Krw: '', maintenancePerM2Krw: '', escalationPct: '', changeFreeRent: false,
    freeRentBasis: lease.currentTerms.freeRent.basis, freeRentMonths: String(lease.currentTerms.freeRent.months), termMonths: '', depositKrw: '', terminatesOn: '',
  }));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const { write, dialog } = useLeaseWrite(lease, lang, t, onDone);
  const id = `lease-${lease.id.slice(0, 8)}-amend`;
  const facts = useMemo(() => ({ terms: lease.terms, area: lease.area, amendments: lease.amendments.map((one) => ({ effectiveOn: one.effectiveOn, changes: one.changes })) }), [lease]);

  /** The form checked as the server checks it: the schema, then whether the changes fit the lease from that date. */
  const check = (values: AmendmentFields) => {
    const input = amendmentInput(values);
    const found: Record<string, string> = {};
    const result = v.safeParse(LeaseAmendmentSchema, input);
    if (!result.success) {
      for (const issue of result.issues) found[formField(v.getDotPath(issue) ?? 'changes')] ??= issue.message;
      return { found, output: null };
    }
    for (const [path, key] of Object.entries(amendmentProblems(facts, result.output.effectiveOn, result.output.changes as TermChanges))) found[formField(path)] ??= key;
    return { found, output: Object.keys(found).length === 0 ? result.output : null };
  };
  const deferred = useDeferredValue(fields);
  const preview = useMemo(() => {
    const { output } = check(deferred);
    return output ? leaseSchedule({ ...facts, amendments: [...facts.amendments, { effectiveOn: output.effectiveOn, changes: output.changes as TermChanges }] }) : null;
  }, [deferred, facts]);

  const set = <K extends keyof AmendmentFields>(key: K, value: AmendmentFields[K]) => {
    setFields((old) => ({ ...old, [key]: value }));
    setErrors((old) => ({ ...old, [key]: '', changes: '' }));
  };

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const { found, output } = check(fields);
    setErrors(found);
    if (!output) {
      const first = Object.keys(found)[0];
      if (first) document.getElementById(first === 'changes' ? `${id}-rentPerM2Krw` : `${id}-${first}`)?.focus();
      return;
    }
    setBusy(true);
    let refused: Record<string, string> | null = null;
    try {
      const saved = await write(
        {},
        async (_value, version) => {
          try {
            return await amendLease(lease.id, output, version);
          } catch (error) {
            refused = fieldsOf(error);
            throw error;
          }
        },
        (made) => t('leasePanel.toast.amended', { number: made.amendments.length }),
        () => refused !== null,
      );
      if (refused) setErrors(Object.fromEntries(Object.entries(refused as Record<string, string>).map(([path, key]) => [formField(path), key])));
      if (saved) onCancel();
    } finally {
      setBusy(false);
    }
  }

  const current = lease.currentTerms;
  const error = (name: string) => errors[name] || undefined;
  const perM2Hint = (text: string, now: number) => {
    const value = typedNumber(text);
    const shown = value !== undefined && Number.isFinite(value) ? perAreaLine(value, lang, t) : null;
    return [t('leasePanel.amend.now', { value: perAreaLine(now, lang, t) }), shown].filter(Boolean).join(' → ');
  };
  const months = t('proposalPanel.form.monthsUnit');

  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-labelledby={`${id}-title`} className="@container grid gap-3 rounded-lg border border-ink p-3 sm:p-4" data-testid="amendment-form">
      {dialog}
      <h5 id={`${id}-title`} className="text-base font-bold text-ink">{t('leasePanel.amend.title', { number: lease.amendments.length + 1 })}</h5>
      <p className="text-sm text-muted">{t('leasePanel.amend.intro')}</p>
      <div className="grid gap-3 @md:grid-cols-2">
        <TextInput id={`${id}-effectiveOn`} type="date" label={t('leasePanel.fields.effectiveOn')} value={fields.effectiveOn} onChange={(value) => set('effectiveOn', value)} error={error('effectiveOn')} hint={t('leasePanel.amend.effectiveHint')} t={t} />
        <TextInput id={`${id}-rentPerM2Krw`} label={t('deals.terms.rentPerM2Krw')} value={fields.rentPerM2Krw} onChange={(value) => set('rentPerM2Krw', value)} error={error('rentPerM2Krw')} hint={perM2Hint(fields.rentPerM2Krw, current.rentPerM2Krw)} numeric="integer" t={t} />
        <TextInput id={`${id}-maintenancePerM2Krw`} label={t('deals.terms.maintenancePerM2Krw')} value={fields.maintenancePerM2Krw} onChange={(value) => set('maintenancePerM2Krw', value)} error={error('maintenancePerM2Krw')} hint={perM2Hint(fields.maintenancePerM2Krw, current.maintenancePerM2Krw)} numeric="integer" t={t} />
        <TextInput id={`${id}-escalationPct`} label={t('deals.terms.escalationPct')} value={fields.escalationPct} onChange={(value) => set('escalationPct', value)} error={error('escalationPct')} hint={t('leasePanel.amend.now', { value: t('deals.terms.pct', { value: current.escalationPct }) })} numeric="decimal" suffix="%" t={t} />
        <TextInput id={`${id}-termMonths`} label={t('deals.terms.termMonths')} value={fields.termMonths} onChange={(value) => set('termMonths', value)} error={error('termMonths')} hint={t('leasePanel.amend.termHint', { months: current.termMonths })} numeric="integer" suffix={months} t={t} />
        <TextInput id={`${id}-depositKrw`} label={t('deals.terms.depositKrw')} value={fields.depositKrw} onChange={(value) => set('depositKrw', value)} error={error('depositKrw')} hint={t('leasePanel.amend.now', { value: formatKrw(current.depositKrw, lang) })} numeric="integer" t={t} />
        <TextInput id={`${id}-terminatesOn`} type="date" label={t('leasePanel.fields.terminatesOn')} value={fields.terminatesOn} onChange={(value) => set('terminatesOn', value)} error={error('terminatesOn')} hint={t('leasePanel.amend.terminationHint')} t={t} />
        <fieldset className="grid gap-2 @md:col-span-2">
          <legend className="text-sm font-semibold text-ink">{t('deals.terms.freeRent')}</legend>
          <label className="flex min-h-11 items-center gap-2 text-sm">
            <input type="checkbox" className="size-5" checked={fields.changeFreeRent} onChange={(event) => set('changeFreeRent', event.target.checked)} />
            {t('leasePanel.amend.changeFreeRent')}
          </label>
          {fields.changeFreeRent && (
            <div className="flex flex-wrap items-end gap-2">
              <Field id={`${id}-freeRentBasis`} label={t('leasePanel.amend.freeRentBasis')} t={t}>
                {(describedBy) => (
                  <select id={`${id}-freeRentBasis`} value={fields.freeRentBasis} aria-describedby={describedBy} onChange={(event) => set('freeRentBasis', event.target.value as FreeRentBasis)} className={field}>
                    {FREE_RENT_BASES.map((basis) => <option key={basis} value={basis}>{t(`deals.terms.freeRentBasis.${basis}`)}</option>)}
                  </select>
                )}
              </Field>
              <TextInput id={`${id}-freeRentMonths`} label={t('leasePanel.amend.freeRentMonths')} value={fields.freeRentMonths} onChange={(value) => set('freeRentMonths', value)} error={error('freeRentMonths')} numeric="integer" suffix={months} t={t} />
            </div>
          )}
        </fieldset>
        <div className="@md:col-span-2">
          <Field id={`${id}-reason`} label={t('leasePanel.fields.reason')} error={error('reason')} t={t}>
            {(describedBy, invalid) => (
              <textarea id={`${id}-reason`} rows={2} value={fields.reason} aria-invalid={invalid || undefined} aria-describedby={describedBy} onChange={(event) => set('reason', event.target.value)} className="w-full rounded-md border border-muted px-3 py-2 text-base" />
            )}
          </Field>
        </div>
      </div>
      {errors.changes && <p role="alert" className="text-sm text-danger">{t(errors.changes)}</p>}
      {preview && (
        <div className="grid gap-1">
          <p className="text-sm font-semibold text-ink">{t('leasePanel.amend.preview')}</p>
          <ScheduleTable rows={preview} id={`${id}-preview`} lang={lang} t={t} />
        </div>
      )}
      <div className="flex flex-wrap gap-2">
        <button type="submit" disabled={busy} className="btn min-h-11 bg-ink text-white disabled:opacity-60">{busy ? t('leasePanel.actions.working') : t('leasePanel.amend.confirm')}</button>
        <button type="button" className="btn min-h-11 border border-ink text-ink" onClick={onCancel}>{t('leasePanel.actions.close')}</button>
      </div>
    </form>
  );
}
