import type { ReactNode } from 'react';
import type { Translate } from '~/i18n/translate';
import { FREE_RENT_BASES, type FreeRentBasis } from '~/shared/deals/terms';

/** The class of a proposal form's one-line fields. */
export const field = 'min-h-11 w-full rounded-md border border-muted px-3 text-base aria-[invalid=true]:border-danger';

interface FieldProps {
  id: string;
  label: string;
  /** A dictionary key, from the form's check or the server. */
  error?: string;
  /** What the typed value reads as (₩180,000,000; per 3.3 m²…), read with the field. */
  hint?: ReactNode;
  t: Translate;
  children: (describedBy: string | undefined, invalid: boolean) => ReactNode;
}

/** A label, its control, what the value reads as and the field's own message, tied together for screen readers. */
export function Field({ id, label, error, hint, t, children }: FieldProps) {
  const ids = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className="grid content-start gap-1 text-sm">
      <label htmlFor={id} className="font-semibold text-ink">{label}</label>
      {children(ids, Boolean(error))}
      {hint && <span id={`${id}-hint`} className="text-xs text-muted tabular-nums">{hint}</span>}
      {error && <span id={`${id}-error`} className="text-danger">{t(error)}</span>}
    </div>
  );
}

interface TextInputProps {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  hint?: ReactNode;
  t: Translate;
  /** Money and counts: digits (commas allowed), a numeric keyboard on phones. */
  numeric?: 'integer' | 'decimal';
  type?: 'text' | 'date';
  suffix?: string;
}

export function TextInput({ id, label, value, onChange, error, hint, t, numeric, type = 'text', suffix }: TextInputProps) {
  return (
    <Field id={id} label={label} error={error} hint={hint} t={t}>
      {(describedBy, invalid) => (
        <span className="flex items-center gap-2">
          <input
            id={id}
            name={id}
            type={type}
            inputMode={numeric === 'integer' ? 'numeric' : numeric === 'decimal' ? 'decimal' : undefined}
            autoComplete="off"
            value={value}
            aria-invalid={invalid || undefined}
            aria-describedby={describedBy}
            onChange={(event) => onChange(event.target.value)}
            className={field}
          />
          {suffix && <span className="shrink-0 text-muted" aria-hidden="true">{suffix}</span>}
        </span>
      )}
    </Field>
  );
}

/** A titled group of the form (money, the term, concessions…). */
export function Group({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <fieldset className="grid min-w-0 gap-3 border-t border-line pt-3 @5xl:col-start-1">
      <legend className="text-sm font-bold text-ink">{legend}</legend>
      <div className="grid gap-3 @md:grid-cols-2">{children}</div>
    </fieldset>
  );
}

interface FreeRentProps {
  /** The form's control id for a term (`proposal-freeRentMonths`, the lease form's own prefix…). */
  id: (name: string) => string;
  basis: FreeRentBasis;
  months: string;
  onBasis: (basis: FreeRentBasis) => void;
  onMonths: (months: string) => void;
  /** The message key of `freeRent.months`, if any. */
  error?: string;
  /** A line under the months, read with the group (the proposal's note on fit-out months). */
  note?: string;
  t: Translate;
}

/** Rent-free: its basis (each lease year, or up front) and its months — the one way the proposal and the lease ask it. */
export function FreeRentFields({ id, basis, months, onBasis, onMonths, error, note, t }: FreeRentProps) {
  const noteId = note ? `${id('freeRentBasis')}-note` : undefined;
  return (
    <fieldset className="grid gap-2 @md:col-span-2" aria-describedby={noteId}>
      <legend className="text-sm font-semibold text-ink">{t('deals.terms.freeRent')}</legend>
      <div className="flex flex-wrap gap-2">
        {FREE_RENT_BASES.map((option) => (
          <label key={option} className="flex min-h-11 items-center gap-2 rounded-md border border-line px-3 text-sm has-[:checked]:border-brass-strong has-[:checked]:bg-brass-soft">
            <input type="radio" name={id('freeRentBasis')} value={option} checked={basis === option} onChange={() => onBasis(option)} className="size-5" />
            {t(`deals.terms.freeRentBasis.${option}`)}
          </label>
        ))}
      </div>
      <div className="max-w-xs">
        <TextInput id={id('freeRentMonths')} label={t(basis === 'perYear' ? 'proposalPanel.form.freeMonthsPerYear' : 'proposalPanel.form.freeMonthsUpFront')} value={months} onChange={onMonths} error={error} numeric="integer" suffix={t('proposalPanel.form.monthsUnit')} t={t} />
      </div>
      {note && <p id={noteId} className="text-xs text-muted">{note}</p>}
    </fieldset>
  );
}
