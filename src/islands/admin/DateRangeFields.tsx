import type { Translate } from '~/i18n/translate';

interface Props {
  /** The first and the last day shown (YYYY-MM-DD, the office's calendar days), or none. */
  from: string | undefined;
  to: string | undefined;
  /** Called with the field and its new day ('' when cleared). */
  onChange: (field: 'from' | 'to', day: string) => void;
  t: Translate;
}

/** The "from" and "to" days of a list's filters (the inbox, the activity log), each applied as it changes. */
export default function DateRangeFields({ from, to, onChange, t }: Props) {
  return (
    <>
      {(['from', 'to'] as const).map((field) => (
        <label key={field} className="grid gap-1 text-sm">
          <span className="font-semibold">{t(`inbox.${field}`)}</span>
          <input type="date" value={(field === 'from' ? from : to) ?? ''} onChange={(e) => onChange(field, e.target.value)} className="min-h-11 rounded-lg border border-line bg-white px-3 text-sm" />
        </label>
      ))}
    </>
  );
}
