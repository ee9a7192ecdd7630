import type { Translate } from '~/i18n/translate';
import { useStore } from '@nanostores/react';
import { useAssignees } from '~/client/hooks/use-assignees';
import { $me } from '~/client/admin-session';

/**
 * Whose inquiries the inbox shows: mine, unassigned, everyone's or one person's (`assignee` in the URL
 * and the API: me, none, all or an id).
 */
export default function AssigneeFilter({ value, onChange, t }: { value: string | undefined; onChange: (value: string) => void; t: Translate }) {
  const people = useAssignees();
  // A viewer is never assigned an inquiry: no "my inquiries" for them.
  const viewer = useStore($me)?.role === 'viewer';
  const quick = viewer ? (['none', 'all'] as const) : (['me', 'none', 'all'] as const);
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
          value={(['me', 'none', 'all'] as readonly string[]).includes(current) ? '' : current}
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
