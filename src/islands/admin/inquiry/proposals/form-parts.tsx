import type { ReactNode } from 'react';
import type { Translate } from '~/i18n/translate';

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
