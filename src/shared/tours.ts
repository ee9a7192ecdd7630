import * as v from 'valibot';
import { LOCALES, type Locale } from '../i18n/locales.ts';
import { OFFICE, isOfficeDay, koreanDay } from './business-hours.ts';
import { isCalendarDay } from './inquiry-rules.ts';
import { objectMessages } from './object-messages.ts';
import { daySchema, periodMessages, withSpanRule } from './periods.ts';

/**
 * Site visits (issue 26): an agent books a tour of one or more spaces for an inquiry; the server keeps
 * the slot rules below, the forms show the same ones.
 */
export const TOUR_DURATIONS = [30, 45, 60] as const;
export type TourDuration = (typeof TOUR_DURATIONS)[number];
export const TOUR_STATUSES = ['scheduled', 'completed', 'no_show', 'cancelled'] as const;
export type TourStatus = (typeof TOUR_STATUSES)[number];
/** What the host records after the end (a cancellation has its own route and reason). */
export const TOUR_OUTCOMES = ['completed', 'no_show'] as const;
/** A tour starts on a quarter hour. */
export const TOUR_START_STEP_MINUTES = 15;
/** Bookable at most this many days ahead. */
export const TOUR_HORIZON_DAYS = 90;
export const DEFAULT_TOUR_BUFFER_MINUTES = 15;
export const TOUR_BUFFER_RANGE = { min: 0, max: 120 } as const;
export const TOUR_LIMITS = { units: 10, meetingPoint: 200, message: 2000, notes: 2000, reason: 500, feedback: 2000, nextStep: 500 } as const;
/** How many free starts a refused slot offers. */
export const NEXT_FREE_COUNT = 3;
/** A tour left without an outcome this many office hours after its end reminds its host (once). */
export const OUTCOME_REMINDER_BUSINESS_HOURS = 2;

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;
const OFFSET_MS = OFFICE.utcOffsetHours * 3_600_000;

/** Why a start time cannot be booked at all (whoever hosts), as the dictionary key the form shows. */
export type SlotProblem = 'tours.errors.past' | 'tours.errors.outsideHours' | 'tours.errors.closedDay' | 'tours.errors.tooFar' | 'tours.errors.notOnStep';

/**
 * The rules of the clock, without the host's calendar: not in the past, at most 90 days ahead, on an
 * office day (Mon–Fri, not a holiday of content/holidays.json), starting at or after opening on a quarter
 * hour and ending by closing time (18:00 KST).
 * @example slotProblem(new Date('2026-12-01T08:45:00Z'), 30, now, holidays) // 'tours.errors.outsideHours' (17:45 + 30 min)
 */
export function slotProblem(startsAt: Date, durationMinutes: number, now: Date, holidays: ReadonlySet<string>): SlotProblem | null {
  const start = startsAt.getTime();
  if (start <= now.getTime()) return 'tours.errors.past';
  if (start > now.getTime() + TOUR_HORIZON_DAYS * DAY_MS) return 'tours.errors.tooFar';
  if (!isOfficeDay(koreanDay(startsAt), holidays)) return 'tours.errors.closedDay';
  const wall = start + OFFSET_MS;
  const minuteOfDay = Math.round((wall % DAY_MS) / MINUTE_MS);
  if (start % (TOUR_START_STEP_MINUTES * MINUTE_MS) !== 0) return 'tours.errors.notOnStep';
  if (minuteOfDay < OFFICE.opens * 60 || minuteOfDay + durationMinutes > OFFICE.closes * 60) return 'tours.errors.outsideHours';
  return null;
}

/** A host's time taken by a tour: from its start until its end plus the buffer. */
export interface BusySpan {
  startsAt: Date;
  busyUntil: Date;
}

/** Whether a tour at `startsAt` for `durationMinutes` (+ buffer) would overlap one of `busy`. */
export function overlaps(startsAt: Date, durationMinutes: number, bufferMinutes: number, busy: readonly BusySpan[]): boolean {
  const start = startsAt.getTime();
  const until = start + (durationMinutes + bufferMinutes) * MINUTE_MS;
  return busy.some((span) => span.startsAt.getTime() < until && start < span.busyUntil.getTime());
}

/**
 * The next `count` bookable starts at or after `from` (never before now), on the quarter hours the
 * rules allow, that overlap nothing in `busy` — what a refused slot offers instead.
 */
export function nextFreeStarts(
  from: Date,
  durationMinutes: number,
  bufferMinutes: number,
  busy: readonly BusySpan[],
  now: Date,
  holidays: ReadonlySet<string>,
  count = NEXT_FREE_COUNT,
): Date[] {
  const step = TOUR_START_STEP_MINUTES * MINUTE_MS;
  let at = Math.ceil(Math.max(from.getTime(), now.getTime() + 1) / step) * step;
  const last = now.getTime() + TOUR_HORIZON_DAYS * DAY_MS;
  const found: Date[] = [];
  while (found.length < count && at <= last) {
    const candidate = new Date(at);
    const problem = slotProblem(candidate, durationMinutes, now, holidays);
    if (problem === null && !overlaps(candidate, durationMinutes, bufferMinutes, busy)) found.push(candidate);
    if (problem === 'tours.errors.closedDay' || problem === 'tours.errors.outsideHours') {
      // Skip to the next opening rather than walking the night quarter by quarter.
      const wall = at + OFFSET_MS;
      const midnight = Math.floor(wall / DAY_MS) * DAY_MS;
      const opens = midnight + OFFICE.opens * 3_600_000;
      at = (wall < opens && problem === 'tours.errors.outsideHours' ? opens : midnight + DAY_MS + OFFICE.opens * 3_600_000) - OFFSET_MS;
      continue;
    }
    at += step;
  }
  return found;
}

const text = (max: number, key = 'tours.errors.tooLong') => v.pipe(v.string('tours.errors.invalid'), v.trim(), v.maxLength(max, key));
const Uuid = v.pipe(v.string('tours.errors.invalid'), v.uuid('tours.errors.invalid'), v.toLowerCase());
const StartsAt = v.pipe(
  v.string('tours.errors.startsAtInvalid'),
  v.isoTimestamp('tours.errors.startsAtInvalid'),
  v.transform((value) => new Date(value)),
  v.check((value) => !Number.isNaN(value.getTime()), 'tours.errors.startsAtInvalid'),
);
const Duration = v.picklist(TOUR_DURATIONS, 'tours.errors.durationInvalid');
const UnitIds = v.pipe(
  v.array(Uuid, 'tours.errors.unitsRequired'),
  v.minLength(1, 'tours.errors.unitsRequired'),
  v.maxLength(TOUR_LIMITS.units, 'tours.errors.tooManyUnits'),
  v.check((ids) => new Set(ids).size === ids.length, 'tours.errors.unitsRepeated'),
);

const editable = {
  startsAt: StartsAt,
  durationMinutes: Duration,
  unitIds: UnitIds,
  hostId: v.optional(Uuid),
  meetingPoint: v.optional(text(TOUR_LIMITS.meetingPoint)),
  messageToProspect: v.optional(text(TOUR_LIMITS.message)),
  internalNotes: v.optional(text(TOUR_LIMITS.notes)),
  locale: v.optional(v.picklist(LOCALES, 'tours.errors.invalid')),
  /** A leased space is toured only when the booker saw the warning and confirms it. */
  allowLeased: v.optional(v.boolean('tours.errors.invalid')),
};

/** POST /api/inquiries/{id}/tours. */
export const TourCreateSchema = v.strictObject(editable, objectMessages({ startsAt: 'tours.errors.startsAtInvalid', durationMinutes: 'tours.errors.durationInvalid', unitIds: 'tours.errors.unitsRequired' }, 'tours.errors.invalid', 'tours.errors.unknownField'));
export type TourCreate = v.InferOutput<typeof TourCreateSchema>;

/** PATCH /api/tours/{id}: a reschedule or another change of a scheduled tour. */
export const TourPatchSchema = v.pipe(
  v.strictObject(
    { ...editable, startsAt: v.optional(StartsAt), durationMinutes: v.optional(Duration), unitIds: v.optional(UnitIds) },
    objectMessages({}, 'tours.errors.invalid', 'tours.errors.unknownField'),
  ),
  v.check((patch) => Object.entries(patch).some(([key, value]) => key !== 'allowLeased' && value !== undefined), 'tours.errors.emptyPatch'),
);
export type TourPatch = v.InferOutput<typeof TourPatchSchema>;

/** POST /api/tours/{id}/cancel. */
export const TourCancelSchema = v.strictObject(
  { reason: v.pipe(v.string('tours.errors.reasonRequired'), v.trim(), v.nonEmpty('tours.errors.reasonRequired'), v.maxLength(TOUR_LIMITS.reason, 'tours.errors.tooLong')) },
  objectMessages({ reason: 'tours.errors.reasonRequired' }, 'tours.errors.invalid', 'tours.errors.unknownField'),
);

/** POST /api/tours/{id}/outcome (after the end). */
export const TourOutcomeSchema = v.pipe(
  v.strictObject(
    {
      outcome: v.picklist(TOUR_OUTCOMES, 'tours.errors.outcomeInvalid'),
      interest: v.optional(v.pipe(v.number('tours.errors.interestInvalid'), v.integer('tours.errors.interestInvalid'), v.minValue(1, 'tours.errors.interestInvalid'), v.maxValue(5, 'tours.errors.interestInvalid'))),
      feedback: v.optional(text(TOUR_LIMITS.feedback)),
      nextStep: v.optional(text(TOUR_LIMITS.nextStep)),
      nextStepOn: v.optional(v.pipe(v.string('tours.errors.dateInvalid'), v.check(isCalendarDay, 'tours.errors.dateInvalid'))),
    },
    objectMessages({ outcome: 'tours.errors.outcomeInvalid' }, 'tours.errors.invalid', 'tours.errors.unknownField'),
  ),
  v.forward(v.check((input) => input.outcome === 'completed' || (input.interest === undefined && input.nextStep === undefined && input.nextStepOn === undefined), 'tours.errors.onlyWhenCompleted'), ['outcome']),
);
export type TourOutcome = v.InferOutput<typeof TourOutcomeSchema>;

/** The longest window one request may list. */
export const TOUR_LIST_MAX_DAYS = 62;
const PERIOD_MESSAGES = periodMessages('tours');
const DayParam = daySchema(PERIOD_MESSAGES);
/**
 * GET /api/tours: a window of Korean calendar days (default: this week; the shared period rule, at most
 * TOUR_LIST_MAX_DAYS), a host (`me` for oneself), a status.
 */
export const TourFilterSchema = withSpanRule(
  v.object({
    from: v.optional(DayParam),
    to: v.optional(DayParam),
    hostId: v.optional(v.union([v.literal('me'), Uuid], 'tours.errors.invalid')),
    status: v.optional(v.picklist(TOUR_STATUSES, 'tours.errors.statusInvalid')),
    inquiryId: v.optional(Uuid),
  }),
  PERIOD_MESSAGES,
  TOUR_LIST_MAX_DAYS,
);
export type TourFilter = v.InferOutput<typeof TourFilterSchema>;

/** A tour as the API answers it. No copy of the prospect's contact details: those stay on the inquiry. */
export interface Tour {
  id: string;
  inquiryId: string;
  status: TourStatus;
  startsAt: string;
  endsAt: string;
  busyUntil: string;
  durationMinutes: number;
  hostId: string;
  host: { id: string; name: string };
  unitIds: string[];
  units: { id: string; floor: string; unitNumber: string; status: string }[];
  meetingPoint: string | null;
  messageToProspect: string | null;
  internalNotes: string | null;
  locale: Locale;
  sequence: number;
  /** A viewer's answer (src/shared/masking.ts maskTour): company masked, the staff's free texts left out. */
  masked?: true;
  /** The prospect's name (null once destroyed) and company (or null), for the agenda: masked for a viewer. */
  name: string | null;
  company: string | null;
  cancelReason: string | null;
  interest: number | null;
  feedback: string | null;
  nextStep: string | null;
  nextStepOn: string | null;
  outcomeAt: string | null;
  createdAt: string;
  /** The lost-update check's counter: a change names it in If-Match (decision 033). */
  version: number;
}

/** Monday of the Korean week `day` falls in, YYYY-MM-DD. */
export function weekStart(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  const back = (date.getUTCDay() + 6) % 7;
  return new Date(date.getTime() - back * DAY_MS).toISOString().slice(0, 10);
}

/** `day` plus `days` calendar days. */
export function addDays(day: string, days: number): string {
  return new Date(new Date(`${day}T00:00:00Z`).getTime() + days * DAY_MS).toISOString().slice(0, 10);
}

/** The instant a Korean wall-clock day and time stand for. */
export function seoulInstant(day: string, time: string): Date {
  return new Date(`${day}T${time}:00+09:00`);
}
