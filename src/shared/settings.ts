import * as v from 'valibot';
import { DEFAULT_REMINDER_BUSINESS_HOURS, REMINDER_BUSINESS_HOURS_RANGE } from './business-hours.ts';
import { objectMessages } from './object-messages.ts';
import { DEFAULT_TOUR_BUFFER_MINUTES, TOUR_BUFFER_RANGE } from './tours.ts';
import { RETENTION_DEFAULTS, RETENTION_RANGE } from './privacy/retention.ts';
import { DEFAULT_IDLE_TIMEOUT_MINUTES, IDLE_TIMEOUT_RANGE } from './second-factor.ts';
import { DEAL_RATE_RANGE, DEFAULT_DEAL_RATES, type DealRates } from './deals/rates.ts';
import { APPROVAL_RANGES, DEFAULT_APPROVAL_SETTINGS, type ApprovalSettings } from './proposals/approval-rules.ts';
import { DEFAULT_PROPOSAL_HOLD_DAYS, PROPOSAL_HOLD_DAYS_RANGE } from './proposals/limits.ts';

/**
 * What the owner sets in the panel (GET/PATCH /api/admin/settings). The deal's rates (nerDiscountRatePct,
 * depositYieldPct, askingEscalationPct: src/shared/deals/rates.ts) and the proposals' approval rules
 * (src/shared/proposals/approval-rules.ts) are settings too; a proposal keeps the rates it was computed with.
 */
export interface Settings extends DealRates, ApprovalSettings {
  /** A new inquiry untouched this many office hours reminds its assignee, or the team when unassigned. */
  reminderBusinessHours: number;
  /** The team's new-inquiry mail and webhook name the visitor (off: reference number, space, use and link only). */
  notifyIncludesName: boolean;
  /** Minutes a host stays free after each tour (issue 26): no other tour of theirs starts before. */
  tourBufferMinutes: number;
  /** Days an inquiry's personal data is kept after it is won or lost (issue 24). */
  retentionAfterCloseDays: number;
  /** Days it is kept after it arrived when it never closes. */
  retentionOpenDays: number;
  /** Every account must have a second factor (TOTP or a passkey) before it may do anything else. */
  requireSecondFactor: boolean;
  /** A session unused this many minutes ends (it ends after 12 hours whatever happens). */
  idleTimeoutMinutes: number;
  /** Days an accepted proposal holds its spaces (reserved) until a lease is signed (issue 39). */
  proposalHoldDays: number;
}

export const DEFAULT_SETTINGS: Settings = {
  reminderBusinessHours: DEFAULT_REMINDER_BUSINESS_HOURS,
  notifyIncludesName: false,
  tourBufferMinutes: DEFAULT_TOUR_BUFFER_MINUTES,
  ...RETENTION_DEFAULTS,
  requireSecondFactor: false,
  idleTimeoutMinutes: DEFAULT_IDLE_TIMEOUT_MINUTES,
  ...DEFAULT_DEAL_RATES,
  ...DEFAULT_APPROVAL_SETTINGS,
  proposalHoldDays: DEFAULT_PROPOSAL_HOLD_DAYS,
};

const retentionDays = () =>
  v.optional(
    v.pipe(
      v.number('privacyRequests.errors.retentionInvalid'),
      v.integer('privacyRequests.errors.retentionInvalid'),
      v.minValue(RETENTION_RANGE.min, 'privacyRequests.errors.retentionInvalid'),
      v.maxValue(RETENTION_RANGE.max, 'privacyRequests.errors.retentionInvalid'),
    ),
  );

/** A percentage setting: within `range`, at most one decimal (5, 4.5). */
const oneDecimal = (range: { min: number; max: number }, key: string) =>
  v.optional(
    v.pipe(
      v.number(key),
      v.finite(key),
      v.minValue(range.min, key),
      v.maxValue(range.max, key),
      v.check((value) => Math.abs(value * 10 - Math.round(value * 10)) < 1e-9, key),
    ),
  );

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
    notifyIncludesName: v.optional(v.boolean('team.errors.invalid')),
    tourBufferMinutes: v.optional(
      v.pipe(
        v.number('tours.errors.bufferInvalid'),
        v.integer('tours.errors.bufferInvalid'),
        v.minValue(TOUR_BUFFER_RANGE.min, 'tours.errors.bufferInvalid'),
        v.maxValue(TOUR_BUFFER_RANGE.max, 'tours.errors.bufferInvalid'),
      ),
    ),
    retentionAfterCloseDays: retentionDays(),
    retentionOpenDays: retentionDays(),
    requireSecondFactor: v.optional(v.boolean('team.errors.invalid')),
    idleTimeoutMinutes: v.optional(
      v.pipe(
        v.number('secondFactor.errors.idleInvalid'),
        v.integer('secondFactor.errors.idleInvalid'),
        v.minValue(IDLE_TIMEOUT_RANGE.min, 'secondFactor.errors.idleInvalid'),
        v.maxValue(IDLE_TIMEOUT_RANGE.max, 'secondFactor.errors.idleInvalid'),
      ),
    ),
    nerDiscountRatePct: oneDecimal(DEAL_RATE_RANGE, 'proposals.errors.rateInvalid'),
    depositYieldPct: oneDecimal(DEAL_RATE_RANGE, 'proposals.errors.rateInvalid'),
    askingEscalationPct: oneDecimal(DEAL_RATE_RANGE, 'proposals.errors.rateInvalid'),
    approvalDiscountPct: oneDecimal(APPROVAL_RANGES.discountPct, 'proposals.errors.approvalDiscountInvalid'),
    approvalFreeMonthsPerYear: oneDecimal(APPROVAL_RANGES.freeMonthsPerYear, 'proposals.errors.approvalFreeMonthsInvalid'),
    approvalAnyTi: v.optional(v.boolean('team.errors.invalid')),
    approvalAnySpecialTerms: v.optional(v.boolean('team.errors.invalid')),
    proposalHoldDays: v.optional(
      v.pipe(
        v.number('proposals.errors.holdDaysInvalid'),
        v.integer('proposals.errors.holdDaysInvalid'),
        v.minValue(PROPOSAL_HOLD_DAYS_RANGE.min, 'proposals.errors.holdDaysInvalid'),
        v.maxValue(PROPOSAL_HOLD_DAYS_RANGE.max, 'proposals.errors.holdDaysInvalid'),
      ),
    ),
  },
  objectMessages({}, 'team.errors.invalid', 'team.errors.unknownField'),
);
export type SettingsPatch = v.InferOutput<typeof SettingsPatchSchema>;
