import { useEffect, useState, type SubmitEvent } from 'react';
import type { Translate } from '~/i18n/translate';
import { REMINDER_BUSINESS_HOURS_RANGE } from '~/shared/business-hours';
import type { Settings } from '~/shared/settings';
import { ApiError } from '~/client/api';
import { endSessionIfUnauthorized } from '~/client/admin-session';
import { patchSettings } from '~/client/staff-api';
import { showToast } from '~/client/stores';
import { useQuery } from '~/client/use-query';
import { saveVersioned } from '~/client/conflict';
import type { Versioned } from '~/shared/versions';
import { useConflictDialog } from '../ConflictDialog';

/** The response-time reminder: after how many office hours an untouched new inquiry reminds the team. */
export default function SettingsForm({ t }: { t: Translate }) {
  const { data, refetch } = useQuery<Settings & Versioned>(['/api/admin/settings']);
  const [hours, setHours] = useState('');
  const [error, setError] = useState<string | null>(null);
  const { ask, dialog } = useConflictDialog(t, 'settings');
  useEffect(() => setHours(data ? String(data.reminderBusinessHours) : ''), [data]);

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    setError(null);
    if (!data) return;
    try {
      // Based on the settings as read: a change another owner saved meanwhile opens the conflict dialog (decision 033).
      const { version, ...base } = data;
      const fields = Object.keys(base) as (keyof Settings)[];
      const outcome = await saveVersioned({
        base: base as Settings,
        mine: { ...base, reminderBusinessHours: Number(hours) } as Settings,
        version,
        fields,
        project: ({ version: _version, ...stored }) => stored as unknown as Settings,
        send: (value, at, from) => patchSettings(Object.fromEntries(fields.filter((field) => value[field] !== from[field]).map((field) => [field, value[field]])), at),
        ask,
      });
      if (outcome.kind === 'took') {
        showToast({ title: t('conflict.took') });
        refetch();
      }
      // Cancelled: what was typed stays in the field.
      if (outcome.kind !== 'saved') return;
      refetch();
      showToast({ title: t('team.settings.saved') });
    } catch (err) {
      if (endSessionIfUnauthorized(err)) return;
      setError(err instanceof ApiError && err.fields ? Object.values(err.fields)[0] ?? 'team.errors.invalid' : 'team.errors.unavailable');
    }
  }

  return (
    <form onSubmit={(e) => void submit(e)} aria-labelledby="settings-title" className="grid gap-3">
      <h2 id="settings-title" className="text-xl font-bold text-ink">{t('team.settings.title')}</h2>
      {dialog}
      <label className="grid max-w-xs gap-1 text-sm">
        <span className="font-semibold">{t('team.settings.reminderHours')}</span>
        <input
          type="number"
          inputMode="numeric"
          min={REMINDER_BUSINESS_HOURS_RANGE.min}
          max={REMINDER_BUSINESS_HOURS_RANGE.max}
          required
          value={hours}
          aria-invalid={error ? true : undefined}
          aria-describedby="reminder-hours-hint"
          onChange={(e) => setHours(e.target.value)}
          className="min-h-11 rounded-md border border-muted px-3 text-base"
        />
        <span id="reminder-hours-hint" className="text-xs text-muted">{t('team.settings.reminderHint')}</span>
        {error && <span className="text-danger">{t(error)}</span>}
      </label>
      <button type="submit" className="btn min-h-11 justify-self-start bg-ink text-white">{t('team.settings.save')}</button>
    </form>
  );
}
