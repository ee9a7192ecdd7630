import { useEffect, useState, type SubmitEvent } from 'react';
import type { Translate } from '~/i18n/translate';
import { REMINDER_BUSINESS_HOURS_RANGE } from '~/shared/business-hours';
import type { Settings } from '~/shared/settings';
import { TOUR_BUFFER_RANGE } from '~/shared/tours';
import { RETENTION_RANGE } from '~/shared/privacy/retention';
import { IDLE_TIMEOUT_RANGE } from '~/shared/second-factor';
import { ApiError } from '~/client/api';
import { endSessionIfUnauthorized, loadMe } from '~/client/admin-session';
import { patchSettings } from '~/client/staff-api';
import { showToast } from '~/client/stores';
import { useQuery } from '~/client/use-query';
import { saveVersioned } from '~/client/conflict';
import type { Versioned } from '~/shared/versions';
import { useConflictDialog } from '../ConflictDialog';

/**
 * The owner's settings: after how many office hours an untouched new inquiry reminds the team; whether every
 * account must have a second factor; after how many unused minutes a session ends.
 */
export default function SettingsForm({ t }: { t: Translate }) {
  const { data, refetch } = useQuery<Settings & Versioned>(['/api/admin/settings']);
  const [hours, setHours] = useState('');
  const [includeName, setIncludeName] = useState(false);
  const [buffer, setBuffer] = useState('');
  const [afterClose, setAfterClose] = useState('');
  const [open, setOpen] = useState('');
  const [requireFactor, setRequireFactor] = useState(false);
  const [idleMinutes, setIdleMinutes] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [idleError, setIdleError] = useState<string | null>(null);
  useEffect(() => {
    setHours(data ? String(data.reminderBusinessHours) : '');
    setIncludeName(data?.notifyIncludesName ?? false);
    setBuffer(data ? String(data.tourBufferMinutes) : '');
    setAfterClose(data ? String(data.retentionAfterCloseDays) : '');
    setOpen(data ? String(data.retentionOpenDays) : '');
    setRequireFactor(data?.requireSecondFactor ?? false);
    setIdleMinutes(data ? String(data.idleTimeoutMinutes) : '');
  }, [data]);
  const { ask, dialog } = useConflictDialog(t, 'settings');

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    setError(null);
    setIdleError(null);
    if (!data) return;
    try {
      // Based on the settings as read: a change another owner saved meanwhile opens the conflict dialog (decision 033).
      const { version, ...base } = data;
      const fields = Object.keys(base) as (keyof Settings)[];
      const mine: Settings = {
        ...(base as Settings),
        reminderBusinessHours: Number(hours),
        notifyIncludesName: includeName,
        tourBufferMinutes: Number(buffer),
        retentionAfterCloseDays: Number(afterClose),
        retentionOpenDays: Number(open),
        requireSecondFactor: requireFactor,
        idleTimeoutMinutes: Number(idleMinutes),
      };
      const outcome = await saveVersioned({
        base: base as Settings,
        mine,
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
      // The owner's own panel reads both from "me" (the off notice, the idle clock).
      await loadMe();
    } catch (err) {
      if (endSessionIfUnauthorized(err)) return;
      if (err instanceof ApiError && err.fields?.idleTimeoutMinutes) setIdleError(err.fields.idleTimeoutMinutes);
      else setError(err instanceof ApiError && err.fields ? Object.values(err.fields)[0] ?? 'team.errors.invalid' : 'team.errors.unavailable');
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
      <fieldset className="grid gap-3 border-t border-line pt-3">
      <legend className="text-base font-bold text-ink">{t('secondFactor.settings.legend')}</legend>
      <label className="flex max-w-md items-start gap-3 text-sm">
        <input type="checkbox" checked={requireFactor} onChange={(e) => setRequireFactor(e.target.checked)} aria-describedby="require-factor-hint" className="mt-0.5 size-5 shrink-0" />
        <span className="grid gap-1">
          <span className="font-semibold">{t('secondFactor.settings.require')}</span>
          <span id="require-factor-hint" className="text-xs text-muted">{t('secondFactor.settings.requireHint')}</span>
        </span>
      </label>
      <label className="grid max-w-xs gap-1 text-sm">
        <span className="font-semibold">{t('secondFactor.settings.idle')}</span>
        <input
          type="number"
          inputMode="numeric"
          min={IDLE_TIMEOUT_RANGE.min}
          max={IDLE_TIMEOUT_RANGE.max}
          required
          value={idleMinutes}
          aria-invalid={idleError ? true : undefined}
          aria-describedby="idle-minutes-hint"
          onChange={(e) => setIdleMinutes(e.target.value)}
          className="min-h-11 rounded-md border border-muted px-3 text-base"
        />
        <span id="idle-minutes-hint" className="text-xs text-muted">{t('secondFactor.settings.idleHint')}</span>
        {idleError && <span className="text-danger">{t(idleError)}</span>}
      </label>
      </fieldset>
      {error && <span role="alert" className="text-sm text-danger">{t(error)}</span>}
      <button type="submit" className="btn min-h-11 justify-self-start bg-ink text-white">{t('team.settings.save')}</button>
    </form>
  );
}
