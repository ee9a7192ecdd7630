import type { Translate } from '~/i18n/translate';
import { DEAL_RATE_RANGE } from '~/shared/deals/rates';
import { APPROVAL_RANGES } from '~/shared/proposals/approval-rules';
import { PROPOSAL_HOLD_DAYS_RANGE } from '~/shared/proposals/limits';
import type { Settings } from '~/shared/settings';

/** The proposal settings as typed: numbers stay text until saved, so "4." half-typed is kept. */
export interface ProposalSettingValues {
  nerDiscountRatePct: string;
  depositYieldPct: string;
  askingEscalationPct: string;
  approvalDiscountPct: string;
  approvalFreeMonthsPerYear: string;
  approvalAnyTi: boolean;
  approvalAnySpecialTerms: boolean;
  proposalHoldDays: string;
}

export const PROPOSAL_SETTING_KEYS = [
  'nerDiscountRatePct', 'depositYieldPct', 'askingEscalationPct', 'approvalDiscountPct', 'approvalFreeMonthsPerYear', 'approvalAnyTi', 'approvalAnySpecialTerms', 'proposalHoldDays',
] as const satisfies readonly (keyof ProposalSettingValues & keyof Settings)[];

export function proposalSettingValues(settings: Settings | undefined): ProposalSettingValues {
  const text = (value: number | undefined) => (value === undefined ? '' : String(value));
  return {
    nerDiscountRatePct: text(settings?.nerDiscountRatePct),
    depositYieldPct: text(settings?.depositYieldPct),
    askingEscalationPct: text(settings?.askingEscalationPct),
    approvalDiscountPct: text(settings?.approvalDiscountPct),
    approvalFreeMonthsPerYear: text(settings?.approvalFreeMonthsPerYear),
    approvalAnyTi: settings?.approvalAnyTi ?? true,
    approvalAnySpecialTerms: settings?.approvalAnySpecialTerms ?? true,
    proposalHoldDays: text(settings?.proposalHoldDays),
  };
}

/** The values as the settings take them (numbers; the server checks their ranges and decimals). */
export function proposalSettingsOf(values: ProposalSettingValues): Pick<Settings, (typeof PROPOSAL_SETTING_KEYS)[number]> {
  return {
    nerDiscountRatePct: Number(values.nerDiscountRatePct),
    depositYieldPct: Number(values.depositYieldPct),
    askingEscalationPct: Number(values.askingEscalationPct),
    approvalDiscountPct: Number(values.approvalDiscountPct),
    approvalFreeMonthsPerYear: Number(values.approvalFreeMonthsPerYear),
    approvalAnyTi: values.approvalAnyTi,
    approvalAnySpecialTerms: values.approvalAnySpecialTerms,
    proposalHoldDays: Number(values.proposalHoldDays),
  };
}

interface Props {
  values: ProposalSettingValues;
  onChange: (values: ProposalSettingValues) => void;
  /** The server's messages by setting (dictionary keys). */
  errors: Record<string, string>;
  t: Translate;
}

/**
 * The owner's proposal settings (issue 39): the rates the economics use (NER discount, deposit yield, the asking
 * package's escalation), when a proposal needs an owner's approval, and how long an accepted proposal holds its
 * spaces. Saved with the rest of the settings form (one record, one conflict check).
 */
export default function ProposalSettings({ values, onChange, errors, t }: Props) {
  const set = <K extends keyof ProposalSettingValues>(key: K, value: ProposalSettingValues[K]) => onChange({ ...values, [key]: value });
  const number = (key: 'nerDiscountRatePct' | 'depositYieldPct' | 'askingEscalationPct' | 'approvalDiscountPct' | 'approvalFreeMonthsPerYear' | 'proposalHoldDays', range: { min: number; max: number }, step: number, hint?: boolean) => (
    <label className="grid max-w-xs gap-1 text-sm">
      <span className="font-semibold">{t(`proposalPanel.settings.${key}`)}</span>
      <input
        type="number"
        name={key}
        inputMode={step < 1 ? 'decimal' : 'numeric'}
        min={range.min}
        max={range.max}
        step={step}
        required
        value={values[key]}
        aria-invalid={errors[key] ? true : undefined}
        aria-describedby={[hint ? `${key}-hint` : '', errors[key] ? `${key}-error` : ''].filter(Boolean).join(' ') || undefined}
        onChange={(event) => set(key, event.target.value)}
        className="min-h-11 rounded-md border border-muted px-3 text-base aria-[invalid=true]:border-danger"
      />
      {hint && <span id={`${key}-hint`} className="text-xs text-muted">{t(`proposalPanel.settings.${key}Hint`)}</span>}
      {errors[key] && <span id={`${key}-error`} className="text-danger">{t(errors[key]!)}</span>}
    </label>
  );
  const check = (key: 'approvalAnyTi' | 'approvalAnySpecialTerms') => (
    <label className="flex max-w-xl items-start gap-3 text-sm">
      <input type="checkbox" name={key} checked={values[key]} onChange={(event) => set(key, event.target.checked)} aria-describedby={`${key}-hint`} className="mt-0.5 size-5 shrink-0" />
      <span className="grid gap-1">
        <span className="font-semibold">{t(`proposalPanel.settings.${key}`)}</span>
        <span id={`${key}-hint`} className="text-xs text-muted">{t(`proposalPanel.settings.${key}Hint`)}</span>
      </span>
    </label>
  );
  return (
    <fieldset className="grid gap-4 border-t border-line pt-3" data-testid="proposal-settings">
      <legend className="text-base font-bold text-ink">{t('proposalPanel.settings.legend')}</legend>
      <fieldset className="grid gap-3">
        <legend className="text-sm font-semibold text-ink">{t('proposalPanel.settings.rates')}</legend>
        {number('nerDiscountRatePct', DEAL_RATE_RANGE, 0.1, true)}
        {number('depositYieldPct', DEAL_RATE_RANGE, 0.1, true)}
        {number('askingEscalationPct', DEAL_RATE_RANGE, 0.1, true)}
      </fieldset>
      <fieldset className="grid gap-3">
        <legend className="text-sm font-semibold text-ink">{t('proposalPanel.settings.approval')}</legend>
        {number('approvalDiscountPct', APPROVAL_RANGES.discountPct, 0.1)}
        {number('approvalFreeMonthsPerYear', APPROVAL_RANGES.freeMonthsPerYear, 0.1)}
        {check('approvalAnyTi')}
        {check('approvalAnySpecialTerms')}
      </fieldset>
      {number('proposalHoldDays', PROPOSAL_HOLD_DAYS_RANGE, 1, true)}
    </fieldset>
  );
}
