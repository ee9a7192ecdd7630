import { useEffect, useState } from 'react';
import type { Translate } from '~/i18n/translate';
import { dayProblem, PERIOD_YEARS } from '~/shared/periods';

interface Props {
  /** The first and the last day shown (YYYY-MM-DD, the office's calendar days), or none. */
  from: string | undefined;
  to: string | undefined;
  /** Called with the field and its new day ('' when cleared). */
  onChange: (field: 'from' | 'to', day: string) => void;
  t: Translate;
}

/**
 * The "from" and "to" days of a list's filters (the inbox, the activity log), each applied as it changes —
 * once it is a day the period rule takes (src/shared/periods.ts): while a year is typed digit by digit the
 * field passes through 0002, 0020, 0202, which the server refuses. The field keeps what is typed meanwhile.
 */
export default function DateRangeFields({ from, to, onChange, t }: Props) {
  return (
    <>
      {(['from', 'to'] as const).map((field) => (
        <DayField key={field} label={t(`inbox.${field}`)} value={(field === 'from' ? from : to) ?? ''} onChange={(day) => onChange(field, day)} />
      ))}
    </>
  );
}

function DayField({ label, value, onChange }: { label: string; value: string; onChange: (day: string) => void }) {
  const [typed, setTyped] = useState(value);
  useEffect(() => setTyped(value), [value]);
  return (
    <label className="grid gap-1 text-sm">
      <span className="font-semibold">{label}</span>
      <input
        type="date"
        min={`${PERIOD_YEARS.first}-01-01`}
        max={`${PERIOD_YEARS.last}-12-31`}
        value={typed}
        onChange={(e) => {
          setTyped(e.target.value);
          if (e.target.value === '' || dayProblem(e.target.value) === null) onChange(e.target.value);
        }}
        className="min-h-11 rounded-lg border border-line bg-white px-3 text-sm"
      />
    </label>
  );
}
