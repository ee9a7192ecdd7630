import type { Translate } from '~/i18n/translate';
import { useAssignees } from '~/client/hooks/use-assignees';

/**
 * Whose inquiries the inbox shows: mine, unassigned, everyone's or one person's (`assignee` in the URL
 * and the API: me, none, all or an id).
 */
export default function AssigneeFilter({ value, onChange, t }: { value: string | undefined; onChange: (value: string) => void; t: Translate }) {
  const people = useAssignees();
  const quick = ['me', 'none', 'all'] as const;
  const current = value ?? 'all';
  return (
    <div className="flex flex-wrap items-end gap-2">
      <div role="group" aria-label={t('team.inbox.assigneeFilter')} className="flex flex-wrap gap-2">
        {quick.map((choice) => (
          <button
            key={choice}
            type="button"
            aria-pressed={current === choice}
            onClick={() => onChange(choice)}
            className={`btn min-h-11 border text-sm ${current === choice ? 'border-ink bg-ink text-white' : 'border-line text-ink hover:bg-mist'}`}
          >
            {t(`team.inbox.assignee.${choice}`)}
          </button>
        ))}
      </div>
      <label className="grid gap-1 text-sm">
        <span className="sr-only">{t('team.inbox.assigneePerson')}</span>
        <select
          value={quick.includes(current as (typeof quick)[number]) ? '' : current}
          onChange={(e) => onChange(e.target.value || 'all')}
          className="min-h-11 rounded-lg border border-line bg-white px-3 text-sm"
        >
          <option value="">{t('team.inbox.assigneePerson')}</option>
          {people.map((person) => <option key={person.id} value={person.id}>{person.name}</option>)}
        </select>
      </label>
    </div>
  );
}
