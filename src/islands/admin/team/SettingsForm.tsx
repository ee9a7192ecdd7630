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
import { useQuery } from '~/client/hooks/use-query';
import { saveVersioned } from '~/client/conflict';
import type { Versioned } from '~/shared/versions';
import { useConflictDialog } from '../ConflictDialog';
import ProposalSettings, { PROPOSAL_SETTING_KEYS, proposalSettingsOf, proposalSettingValues } from './ProposalSettings';

/**
 * The owner's settings, a section per subject: the office hours a new inquiry may wait (the reminder, and the
 * reports' target); what the team's notices may say; the buffer after a tour; how long personal data is kept;
 * whether every account needs a second factor and after how many unused minutes a session ends.
 */
export default function SettingsForm({ t }: { t: Translate }) {
  const { data, error: loadError, refetch } = useQuery<Settings & Versioned>(['/api/admin/settings']);
  const [hours, setHours] = useState('');
  const [includeName, setIncludeName] = useState(false);
  const [buffer, setBuffer] = useState('');
  const [afterClose, setAfterClose] = useState('');
  const [open, setOpen] = useState('');
  const [requireFactor, setRequireFactor] = useState(false);
  const [idleMinutes, setIdleMinutes] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [idleError, setIdleError] = useState<string | null>(null);
  // The proposal settings follow the stored ones in the render they arrive in (not an effect after it): a box that is
  // enabled is never refilled under the person's typing.
  const [deal, setDeal] = useState(() => proposalSettingValues(data));
  const [dealOf, setDealOf] = useState(data);
  if (data !== dealOf) {
    setDealOf(data);
    setDeal(proposalSettingValues(data));
  }
  const [dealErrors, setDealErrors] = useState<Record<string, string>>({});
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
    setDealErrors({});
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
        ...proposalSettingsOf(deal),
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
      const dealFields = err instanceof ApiError ? Object.fromEntries(Object.entries(err.fields ?? {}).filter(([key]) => (PROPOSAL_SETTING_KEYS as readonly string[]).includes(key))) : {};
      if (Object.keys(dealFields).length > 0) setDealErrors(dealFields);
      else if (err instanceof ApiError && err.fields?.idleTimeoutMinutes) setIdleError(err.fields.idleTimeoutMinutes);
      else setError(err instanceof ApiError && err.fields ? Object.values(err.fields)[0] ?? 'team.errors.invalid' : 'team.errors.unavailable');
    }
  }

  return (
    <form onSubmit={(e) => void submit(e)} aria-labelledby="settings-title" aria-busy={!data} className="grid gap-3">
      <h2 id="settings-title" className="text-xl font-bold text-ink">{t('team.settings.title')}</h2>
      {dialog}
      {!data && <p role={loadError ? 'alert' : undefined} className={loadError ? 'text-danger' : 'text-muted'}>{t(loadError ? 'team.loadFailed' : 'team.loading')}</p>}
      {/* Nothing to change until the stored settings are here: a box ticked earlier would be reset by their arrival. */}
      <fieldset disabled={!data} className="grid min-w-0 gap-3">
        {/* Each section is named for what it holds (issue 38): answering inquiries, the team's notices, tours, retention, sign-in. */}
        <fieldset className="grid gap-3">
          <legend className="text-base font-bold text-ink">{t('team.settings.sections.response')}</legend>
          <NumberSetting label={t('team.settings.reminderHours')} range={REMINDER_BUSINESS_HOURS_RANGE} value={hours} onChange={setHours} invalid={error !== null} hintId="reminder-hours-hint" hint={t('team.settings.reminderHint')} />
        </fieldset>
        <fieldset className="grid gap-3 border-t border-line pt-3">
          <legend className="text-base font-bold text-ink">{t('team.settings.sections.notices')}</legend>
          <CheckSetting label={t('access.settings.notifyIncludesName')} checked={includeName} onChange={setIncludeName} hintId="notify-name-hint" hint={t('access.settings.notifyIncludesNameHint')} />
        </fieldset>
        <fieldset className="grid gap-3 border-t border-line pt-3">
          <legend className="text-base font-bold text-ink">{t('team.settings.sections.tours')}</legend>
          <NumberSetting label={t('tours.settings.buffer')} range={TOUR_BUFFER_RANGE} value={buffer} onChange={setBuffer} invalid={error !== null} hintId="tour-buffer-hint" hint={t('tours.settings.bufferHint')} />
        </fieldset>
        <fieldset className="grid gap-3 border-t border-line pt-3" aria-describedby="retention-hint">
          <legend className="text-base font-bold text-ink">{t('privacyRequests.admin.retentionTitle')}</legend>
          {([['retentionAfterCloseDays', afterClose, setAfterClose], ['retentionOpenDays', open, setOpen]] as const).map(([key, value, set]) => (
            <NumberSetting key={key} name={key} label={t(`privacyRequests.admin.${key}`)} range={RETENTION_RANGE} value={value} onChange={set} />
          ))}
          <span id="retention-hint" className="text-xs text-muted">{t('privacyRequests.admin.retentionHint')}</span>
        </fieldset>
        <fieldset className="grid gap-3 border-t border-line pt-3">
          <legend className="text-base font-bold text-ink">{t('secondFactor.settings.legend')}</legend>
          <CheckSetting label={t('secondFactor.settings.require')} checked={requireFactor} onChange={setRequireFactor} hintId="require-factor-hint" hint={t('secondFactor.settings.requireHint')} narrow />
          <NumberSetting label={t('secondFactor.settings.idle')} range={IDLE_TIMEOUT_RANGE} value={idleMinutes} onChange={setIdleMinutes} invalid={idleError !== null} hintId="idle-minutes-hint" hint={t('secondFactor.settings.idleHint')} error={idleError && t(idleError)} />
        </fieldset>
        <ProposalSettings values={deal} onChange={setDeal} errors={dealErrors} t={t} />
        {error && <span role="alert" className="text-sm text-danger">{t(error)}</span>}
        <button type="submit" className="btn min-h-11 justify-self-start bg-ink text-white">{t('team.settings.save')}</button>
      </fieldset>
    </form>
  );
}

interface NumberSettingProps {
  label: string;
  range: { min: number; max: number };
  value: string;
  onChange: (value: string) => void;
  name?: string;
  invalid?: boolean;
  hintId?: string;
  hint?: string;
  error?: string | null;
}

/** One whole-number setting: its label, the rule's range, an optional hint and the field's own message. */
function NumberSetting({ label, range, value, onChange, name, invalid, hintId, hint, error }: NumberSettingProps) {
  return (
    <label className="grid max-w-xs gap-1 text-sm">
      <span className="font-semibold">{label}</span>
      <input
        type="number"
        inputMode="numeric"
        name={name}
        min={range.min}
        max={range.max}
        required
        value={value}
        aria-invalid={invalid ? true : undefined}
        aria-describedby={hintId}
        onChange={(e) => onChange(e.target.value)}
        className="min-h-11 rounded-md border border-muted px-3 text-base"
      />
      {hint && <span id={hintId} className="text-xs text-muted">{hint}</span>}
      {error && <span className="text-danger">{error}</span>}
    </label>
  );
}

/** One on/off setting with the hint that says what turning it on does. */
function CheckSetting({ label, checked, onChange, hintId, hint, narrow }: { label: string; checked: boolean; onChange: (checked: boolean) => void; hintId: string; hint: string; narrow?: boolean }) {
  return (
    <label className={`flex ${narrow ? 'max-w-md' : 'max-w-xl'} items-start gap-3 text-sm`}>
      <input type="checkbox" checked={checked} onChange={(e) => onChange(e.target.checked)} aria-describedby={hintId} className="mt-0.5 size-5 shrink-0" />
      <span className="grid gap-1">
        <span className="font-semibold">{label}</span>
        <span id={hintId} className="text-xs text-muted">{hint}</span>
      </span>
    </label>
  );
}
