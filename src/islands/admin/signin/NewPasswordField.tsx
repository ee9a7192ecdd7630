import type { Translate } from '~/i18n/translate';

interface Props {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** The message key of what is wrong, shown at the field. */
  error: string | null;
  t: Translate;
}

/** A new password: at least 12 characters, not a common one (the same rules the server applies). */
export default function NewPasswordField({ id, label, value, onChange, error, t }: Props) {
  return (
    <div className="grid gap-1">
      <label htmlFor={id} className="text-sm font-semibold text-ink">{label}</label>
      <input
        id={id}
        type="password"
        autoComplete="new-password"
        required
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
        onChange={(e) => onChange(e.target.value)}
        className={`min-h-11 w-full rounded-md border px-3 text-base ${error ? 'border-danger' : 'border-muted'}`}
      />
      <p id={`${id}-hint`} className="text-xs text-muted">{t('team.password.hint')}</p>
      {error && <p id={`${id}-error`} className="text-sm text-danger">{t(error)}</p>}
    </div>
  );
}
