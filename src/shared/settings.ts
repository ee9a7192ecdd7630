import * as v from 'valibot';
import { DEFAULT_REMINDER_BUSINESS_HOURS, REMINDER_BUSINESS_HOURS_RANGE } from './business-hours.ts';
import { objectMessages } from './object-messages.ts';
import { DEFAULT_IDLE_TIMEOUT_MINUTES, IDLE_TIMEOUT_RANGE } from './second-factor.ts';

/** What the owner sets in the panel (GET/PATCH /api/admin/settings). */
export interface Settings {
  /** A new inquiry untouched this many office hours reminds its assignee, or the team when unassigned. */
  reminderBusinessHours: number;
  /** Every account must have a second factor (TOTP or a passkey) before it may do anything else. */
  requireSecondFactor: boolean;
  /** A session unused this many minutes ends (it ends after 12 hours whatever happens). */
  idleTimeoutMinutes: number;
}

export const DEFAULT_SETTINGS: Settings = {
  reminderBusinessHours: DEFAULT_REMINDER_BUSINESS_HOURS,
  requireSecondFactor: false,
  idleTimeoutMinutes: DEFAULT_IDLE_TIMEOUT_MINUTES,
};

export const SettingsPatchSchema = v.strictObject(
  {
    reminderBusinessHours: v.optional(
      v.pipe(
        v.number('team.errors.hoursInvalid'),
        v.integer('team.errors.hoursInvalid'),
        v.minValue(REMINDER_BUSINESS_HOURS_RANGE.min, 'team.errors.hoursInvalid'),
        v.maxValue(REMINDER_BUSINESS_HOURS_RANGE.max, 'team.errors.hoursInvalid'),
      ),
    ),
    requireSecondFactor: v.optional(v.boolean('team.errors.invalid')),
    idleTimeoutMinutes: v.optional(
      v.pipe(
        v.number('secondFactor.errors.idleInvalid'),
        v.integer('secondFactor.errors.idleInvalid'),
        v.minValue(IDLE_TIMEOUT_RANGE.min, 'secondFactor.errors.idleInvalid'),
        v.maxValue(IDLE_TIMEOUT_RANGE.max, 'secondFactor.errors.idleInvalid'),
      ),
    ),
  },
  objectMessages({}, 'team.errors.invalid', 'team.errors.unknownField'),
);
export type SettingsPatch = v.InferOutput<typeof SettingsPatchSchema>;
