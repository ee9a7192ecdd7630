import type { Translate } from '~/i18n/translate';
import { useStore } from '@nanostores/react';
import { $me } from '~/client/admin-session';
import PersonSelect from '../PersonSelect';

/**
 * Whose inquiries the inbox shows: mine, unassigned, everyone's or one person's (`assignee` in the URL
 * and the API: me, none, all or an id).
 */
export default function AssigneeFilter({ value, onChange, t }: { value: string | undefined; onChange: (value: string) => void; t: Translate }) {
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
      <PersonSelect
        label={t('team.inbox.assigneePerson')}
        hideLabel
        empty={t('team.inbox.assigneePerson')}
        value={(['me', 'none', 'all'] as readonly string[]).includes(current) ? '' : current}
        onChange={(value) => onChange(value || 'all')}
      />
    </div>
  );
}
