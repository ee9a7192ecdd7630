import type { Translate } from '~/i18n/translate';
import PersonSelect from '../PersonSelect';

/**
 * Whose inquiries the inbox shows: mine, unassigned, everyone's or one person's (`assignee` in the URL
 * and the API: me, none, all or an id).
 */
export default function AssigneeFilter({ value, onChange, t }: { value: string | undefined; onChange: (value: string) => void; t: Translate }) {
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
      <PersonSelect
        label={t('team.inbox.assigneePerson')}
        hideLabel
        empty={t('team.inbox.assigneePerson')}
        value={quick.includes(current as (typeof quick)[number]) ? '' : current}
        onChange={(value) => onChange(value || 'all')}
      />
    </div>
  );
}
