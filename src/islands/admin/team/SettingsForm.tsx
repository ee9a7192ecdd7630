import { useEffect, useState, type SubmitEvent } from 'react';
import type { Translate } from '~/i18n/translate';
import { REMINDER_BUSINESS_HOURS_RANGE } from '~/shared/business-hours';
import type { Settings } from '~/shared/settings';
import { TOUR_BUFFER_RANGE } from '~/shared/tours';
import { RETENTION_RANGE } from '~/shared/privacy/retention';
import { ApiError } from '~/client/api';
import { endSessionIfUnauthorized } from '~/client/admin-session';
import { patchSettings } from '~/client/staff-api';
import { showToast } from '~/client/stores';
import { useQuery } from '~/client/use-query';

/** The response-time reminder: after how many office hours an untouched new inquiry reminds the team. */
export default function SettingsForm({ t }: { t: Translate }) {
  const { data } = useQuery<Settings>(['/api/admin/settings']);
  const [hours, setHours] = useState('');
  const [includeName, setIncludeName] = useState(false);
  const [buffer, setBuffer] = useState('');
  const [afterClose, setAfterClose] = useState('');
  const [open, setOpen] = useState('');
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    setHours(data ? String(data.reminderBusinessHours) : '');
    setIncludeName(data?.notifyIncludesName ?? false);
    setBuffer(data ? String(data.tourBufferMinutes) : '');
    setAfterClose(data ? String(data.retentionAfterCloseDays) : '');
    setOpen(data ? String(data.retentionOpenDays) : '');
  }, [data]);

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    setError(null);
    try {
      await patchSettings({
        reminderBusinessHours: Number(hours),
        notifyIncludesName: includeName,
        tourBufferMinutes: Number(buffer),
        retentionAfterCloseDays: Number(afterClose),
        retentionOpenDays: Number(open),
      });
      showToast({ title: t('team.settings.saved') });
    } catch (err) {
      if (endSessionIfUnauthorized(err)) return;
      setError(err instanceof ApiError && err.fields ? Object.values(err.fields)[0] ?? 'team.errors.invalid' : 'team.errors.unavailable');
    }
  }

  return (
    <form onSubmit={(e) => void submit(e)} aria-labelledby="settings-title" className="grid gap-3">
      <h2 id="settings-title" className="text-xl font-bold text-ink">{t('team.settings.title')}</h2>
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
      </label>
      <label className="flex max-w-xl items-start gap-3 text-sm">
        <input type="checkbox" checked={includeName} onChange={(e) => setIncludeName(e.target.checked)} aria-describedby="notify-name-hint" className="mt-0.5 size-5 shrink-0" />
        <span className="grid gap-1">
          <span className="font-semibold">{t('access.settings.notifyIncludesName')}</span>
          <span id="notify-name-hint" className="text-xs text-muted">{t('access.settings.notifyIncludesNameHint')}</span>
        </span>
      </label>
      <label className="grid max-w-xs gap-1 text-sm">
        <span className="font-semibold">{t('tours.settings.buffer')}</span>
        <input
          type="number"
          inputMode="numeric"
          min={TOUR_BUFFER_RANGE.min}
          max={TOUR_BUFFER_RANGE.max}
          required
          value={buffer}
          aria-invalid={error ? true : undefined}
          aria-describedby="tour-buffer-hint"
          onChange={(e) => setBuffer(e.target.value)}
          className="min-h-11 rounded-md border border-muted px-3 text-base"
        />
        <span id="tour-buffer-hint" className="text-xs text-muted">{t('tours.settings.bufferHint')}</span>
      </label>
      <fieldset className="grid gap-3" aria-describedby="retention-hint">
        <legend className="text-base font-bold text-ink">{t('privacyRequests.admin.retentionTitle')}</legend>
        {([['retentionAfterCloseDays', afterClose, setAfterClose], ['retentionOpenDays', open, setOpen]] as const).map(([key, value, set]) => (
          <label key={key} className="grid max-w-xs gap-1 text-sm">
            <span className="font-semibold">{t(`privacyRequests.admin.${key}`)}</span>
            <input
              type="number"
              inputMode="numeric"
              name={key}
              min={RETENTION_RANGE.min}
              max={RETENTION_RANGE.max}
              required
              value={value}
              onChange={(e) => set(e.target.value)}
              className="min-h-11 rounded-md border border-muted px-3 text-base"
            />
          </label>
        ))}
        <span id="retention-hint" className="text-xs text-muted">{t('privacyRequests.admin.retentionHint')}</span>
      </fieldset>
      {error && <span role="alert" className="text-sm text-danger">{t(error)}</span>}
      <button type="submit" className="btn min-h-11 justify-self-start bg-ink text-white">{t('team.settings.save')}</button>
    </form>
  );
}
