import { useAssignees } from '~/client/hooks/use-assignees';

interface Props {
  /** The field's name; `hideLabel` keeps it for screen readers only (where buttons beside it say the rest). */
  label: string;
  hideLabel?: boolean;
  /** The words of the first option, the empty value (nobody, anyone, everyone…). */
  empty: string;
  /** The chosen person's id, or '' for the first option. */
  value: string;
  onChange: (value: string) => void;
  disabled?: boolean;
  /** Someone the value names who is no longer on the list (deactivated since), shown so the choice reads right. */
  former?: { id: string; name: string } | null;
  testId?: string;
}

/**
 * A choice of one person among those inquiries and tours can be given to (active agents and owners, read when it
 * appears): the inbox's assignee and its filter, a tour's host and the tours tab's filter.
 */
export default function PersonSelect({ label, hideLabel = false, empty, value, onChange, disabled, former, testId }: Props) {
  const people = useAssignees();
  const listed = people.some((person) => person.id === value);
  return (
    <label className="grid gap-1 text-sm">
      <span className={hideLabel ? 'sr-only' : 'font-semibold text-ink'}>{label}</span>
      <select value={value} disabled={disabled} onChange={(e) => onChange(e.target.value)} className="min-h-11 rounded-md border border-muted bg-white px-3 text-base" data-testid={testId}>
        <option value="">{empty}</option>
        {!listed && former && former.id === value && <option value={former.id}>{former.name}</option>}
        {people.map((person) => <option key={person.id} value={person.id}>{person.name}</option>)}
      </select>
    </label>
  );
}
