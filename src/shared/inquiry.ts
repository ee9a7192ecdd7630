import * as v from 'valibot';
import { ATTACHMENT_MAX_FILES, OBJECT_PATH_PATTERN, toObjectPath } from './uploads.ts';
import { objectMessages } from './object-messages.ts';
import { daySchema, periodMessages } from './periods.ts';
import { LOST_REASON_MESSAGES, LOST_REASON_OTHER, LostReasonSchema, LostReasonTextSchema, lostReasonProblem, type LostReason } from './lost-reasons.ts';
import { UNIT_FLOORS, type UnitSnapshot } from './units/unit.ts';
import { BRAND_CATEGORIES } from './brand.ts';
import { LOCALES } from '../i18n/locales.ts';
import { NOTICE_VERSION_PATTERN } from './privacy/notice.ts';
import { INQUIRY_LIMITS, PREFERRED_CONTACTS, UTM_KEYS, type PreferredContact } from './inquiry-basics.ts';
import {
  areaBoundProblem, areaRangeProblem, emailProblem, INQUIRY_FIELD_MESSAGES, isCalendarDay, moveInDateProblem, optionalTextProblem, phoneProblem, requiredTextProblem,
  singleLine,
} from './inquiry-rules.ts';

export * from './inquiry-basics.ts';

/** The building's floors a tenant can ask for (B2 … 14F): the floors units are on. */
export const INQUIRY_FLOORS: readonly string[] = UNIT_FLOORS;

/** The leasing pipeline; `won` and `lost` end it, and `lost` needs a reason. */
export const INQUIRY_STATUSES = ['new', 'contacted', 'touring', 'proposal', 'won', 'lost'] as const;
export type InquiryStatus = (typeof INQUIRY_STATUSES)[number];
/** The statuses that end an inquiry's pipeline: nothing more waits to be done on it. */
export const CLOSED_INQUIRY_STATUSES = ['won', 'lost'] as const satisfies readonly InquiryStatus[];

export type NotificationState = 'sent' | 'retrying' | 'failed' | 'off';

const msg = (key: string) => `inquiry.errors.${key}`;
/** Messages of the privacy notice's boxes (privacy.json). */
export const PRIVACY_MESSAGES = {
  acknowledgeRequired: INQUIRY_FIELD_MESSAGES.acknowledgeRequired,
  noticeVersionUnknown: 'privacy.errors.noticeVersionUnknown',
  marketingInvalid: 'privacy.errors.marketingInvalid',
} as const;
/** Messages of the optional details (their own namespace, inquiryExtra.json). */
const extra = (key: string) => `inquiryExtra.errors.${key}`;
/** One of the form's rules (inquiry-rules.ts) inside a schema: the problem it names is the issue's message. */
const rule = <T>(problemOf: (value: T) => string | null) =>
  v.rawCheck<T>(({ dataset, addIssue }) => {
    const problem = dataset.typed ? problemOf(dataset.value) : null;
    if (problem) addIssue({ message: problem });
  });
const required = (max: number) => v.pipe(v.string(msg('required')), v.trim(), rule((text: string) => requiredTextProblem(text, max)));
/** A required one-line text (a name): line breaks and control characters become spaces (singleLine). */
const requiredLine = (max: number) => v.pipe(v.string(msg('required')), v.transform(singleLine), v.trim(), rule((text: string) => requiredTextProblem(text, max)));
/** An optional one-line text: blank means absent (null). */
const optionalText = (max: number) =>
  v.optional(
    v.nullable(v.pipe(v.string(extra('invalid')), v.transform(singleLine), v.trim(), rule((text: string) => optionalTextProblem(text, max)), v.transform((s) => (s === '' ? null : s)))),
    null,
  );

/** An attachment as the form sends it: an uploaded URL or object path, stored as the object path. */
const AttachmentSchema = v.pipe(
  v.string(msg('attachmentInvalid')),
  v.transform((value) => toObjectPath(value) ?? value),
  v.regex(OBJECT_PATH_PATTERN, msg('attachmentInvalid')),
);

const AreaBound = v.optional(v.nullable(v.pipe(v.number(INQUIRY_FIELD_MESSAGES.areaInvalid), rule(areaBoundProblem))), null);

const DesiredAreaSchema = v.pipe(
  v.strictObject({ min: AreaBound, max: AreaBound }, objectMessages({}, INQUIRY_FIELD_MESSAGES.areaInvalid, msg('unknownField'))),
  rule(areaRangeProblem),
);

const MoveInDateSchema = v.pipe(v.string(INQUIRY_FIELD_MESSAGES.dateInvalid), rule(moveInDateProblem));

const SourceSchema = v.strictObject(
  {
    path: v.optional(v.nullable(v.pipe(v.string(), v.maxLength(INQUIRY_LIMITS.sourcePath))), null),
    referrer: v.optional(v.nullable(v.pipe(v.string(), v.maxLength(INQUIRY_LIMITS.referrer))), null),
    utm: v.optional(
      v.pipe(
        v.record(v.picklist(UTM_KEYS), v.pipe(v.string(), v.maxLength(INQUIRY_LIMITS.utmValue))),
      ),
      {},
    ),
  },
  objectMessages({}, extra('sourceInvalid'), extra('sourceInvalid')),
);
export type InquirySource = { path: string | null; referrer: string | null; utm: Partial<Record<(typeof UTM_KEYS)[number], string>> };

/** The leasing inquiry (spec §5) and the optional details, used by the contact form and POST /api/inquiries alike. */
export const InquiryInputSchema = v.strictObject({
  name: requiredLine(INQUIRY_LIMITS.name),
  email: v.pipe(v.string(msg('required')), v.trim(), rule(emailProblem)),
  phone: v.pipe(v.string(msg('required')), v.trim(), rule(phoneProblem)),
  message: required(INQUIRY_LIMITS.message),
  attachments: v.optional(
    v.pipe(v.array(AttachmentSchema), v.maxLength(ATTACHMENT_MAX_FILES, msg('tooManyAttachments'))),
    [],
  ),
  company: optionalText(INQUIRY_LIMITS.company),
  businessType: v.optional(v.nullable(v.picklist(BRAND_CATEGORIES, extra('invalid'))), null),
  desiredFloors: v.optional(
    v.pipe(v.array(v.picklist(INQUIRY_FLOORS, extra('floorInvalid'))), v.maxLength(INQUIRY_FLOORS.length, extra('floorInvalid')), v.transform((floors) => [...new Set(floors)])),
    [],
  ),
  desiredAreaM2: v.optional(v.nullable(DesiredAreaSchema), null),
  moveInDate: v.optional(v.nullable(MoveInDateSchema), null),
  preferredContact: v.optional(v.nullable(v.picklist(PREFERRED_CONTACTS, extra('invalid'))), null),
  source: v.optional(v.nullable(SourceSchema), null),
  locale: v.optional(v.nullable(v.picklist(LOCALES, extra('invalid'))), null),
  /** The space asked about (optional); the server checks it exists and is not leased. */
  unitId: v.optional(v.nullable(v.pipe(v.string('units.errors.unitNotFound'), v.uuid('units.errors.unitNotFound'))), null),
  /**
   * The collection notice the visitor acknowledged with the required box (issue 24): a version the site
   * published (the server checks the list, src/server/privacy/notice.ts). Without it there is no inquiry.
   */
  privacyNoticeVersion: v.pipe(v.string(PRIVACY_MESSAGES.acknowledgeRequired), v.regex(NOTICE_VERSION_PATTERN, PRIVACY_MESSAGES.noticeVersionUnknown)),
  /** The separate, optional marketing box: never required, off unless ticked. */
  marketingConsent: v.optional(v.boolean(PRIVACY_MESSAGES.marketingInvalid), false),
}, objectMessages({ privacyNoticeVersion: INQUIRY_FIELD_MESSAGES.acknowledgeRequired }, msg('required'), msg('unknownField')));
export type InquiryInput = v.InferOutput<typeof InquiryInputSchema>;

/** A staff member as an inquiry names them (its assignee, who made a change). */
export interface StaffRef {
  id: string;
  name: string;
}

/** One entry of an inquiry's append-only history. */
export interface InquiryHistoryEntry {
  at: string;
  /** Who made the change; absent for the visitor's own inquiry and for changes of the system. */
  by?: StaffRef;
  status?: InquiryStatus;
  note?: string;
  /** With a move to lost: the reason's code, and the words of "other" (left out for a viewer). */
  lostReason?: LostReason;
  lostReasonText?: string;
  /** Present when the entry is an assignment: to whom, or null for "unassigned". */
  assignee?: StaffRef | null;
  /** Present when the next step's day was set (a day) or cleared (null). */
  nextStepOn?: string | null;
  /** A viewer's answer: a note was written here, its words are not shown (src/shared/masking.ts). */
  noteHidden?: true;
  /** Present when the prospect's own fields were corrected: which (names only; the values are in the activity log). */
  corrected?: CorrectableField[];
}

/** The prospect's own fields staff may correct on the inquiry (agents, owners) — the privacy correction adds the message. */
export const CONTACT_FIELDS = ['name', 'email', 'phone', 'company'] as const;
export type ContactField = (typeof CONTACT_FIELDS)[number];
/** What a privacy correction (the visitor's request) may change. */
export const CORRECTABLE_FIELDS = [...CONTACT_FIELDS, 'message'] as const;
export type CorrectableField = (typeof CORRECTABLE_FIELDS)[number];

/** A stored inquiry as the admin reads it; attachments are object paths (signed when clicked). */
export interface Inquiry {
  id: string;
  /** The personal fields are null once the inquiry was destroyed (destroyedAt, issue 24). */
  name: string | null;
  email: string | null;
  phone: string | null;
  message: string | null;
  attachments: string[];
  createdAt: string;
  company: string | null;
  businessType: string | null;
  desiredFloors: string[];
  desiredAreaM2: { min: number | null; max: number | null } | null;
  moveInDate: string | null;
  preferredContact: PreferredContact | null;
  source: InquirySource | null;
  locale: string | null;
  status: InquiryStatus;
  /** While lost: why (a code of src/shared/lost-reasons.ts), and "other"'s words (null for a viewer). */
  lostReason: LostReason | null;
  lostReasonText: string | null;
  /** When the status first left `new` (null while new). */
  firstStatusChangeAt: string | null;
  unitId: string | null;
  /** Floor and number of the unit asked about, as they were when the inquiry was sent. */
  unit: UnitSnapshot | null;
  notification: NotificationState;
  /** Who works it: an agent or owner, or null while unassigned. */
  assigneeId: string | null;
  assignee: StaffRef | null;
  /** The day of the next step (YYYY-MM-DD, Korean calendar), when one is planned. */
  nextStepOn: string | null;
  /** When the team first changed its status or wrote a note (null while untouched). */
  touchedAt: string | null;
  /** While new and untouched: when the response-time reminder falls due (office hours, issue 17). */
  responseDueAt: string | null;
  /** Past responseDueAt and still untouched. */
  overdue: boolean;
  /** The collection notice the visitor acknowledged, and when (null: sent before the notice existed). */
  privacyNoticeVersion: string | null;
  privacyNoticeAt: string | null;
  /** The optional marketing choice (on the text of privacyNoticeVersion) and when it was made. */
  marketingConsent: boolean;
  marketingConsentAt: string | null;
  /** A viewer's answer (src/shared/masking.ts): name, phone, e-mail, company masked; no message, no attachment paths. */
  masked?: true;
  /** With `masked`: how many attachments there are (their paths are left out). */
  attachmentCount?: number;
  /** In the inbox list: a scheduled tour of this inquiry is today (issue 26). */
  tourToday?: boolean;
  /** When its personal data was destroyed (retention or a request); null until then. */
  destroyedAt: string | null;
  /** When processing was stopped at the visitor's request (read-only, out of reminders, digests, exports). */
  suspendedAt: string | null;
  /** The lost-update check's version of its fields (status, assignee, next step; src/shared/versions.ts). */
  version: number;
}

/** The detail: the inquiry and its history, oldest first. */
export interface InquiryDetail extends Inquiry {
  history: InquiryHistoryEntry[];
}

/** PATCH /api/inquiries/{id} (agent): a status change, a note, an assignment, a next step, or several. */
export const InquiryPatchSchema = v.pipe(
  v.strictObject({
    assigneeId: v.optional(v.nullable(v.pipe(v.string('inbox.errors.invalid'), v.uuid('team.errors.assigneeInvalid'), v.toLowerCase()))),
    nextStepOn: v.optional(v.nullable(v.pipe(v.string('inbox.errors.dateInvalid'), v.check(isCalendarDay, 'inbox.errors.dateInvalid')))),
    status: v.optional(v.picklist(INQUIRY_STATUSES, 'inbox.errors.statusInvalid')),
    note: v.optional(v.pipe(v.string('inbox.errors.noteInvalid'), v.trim(), v.nonEmpty('inbox.errors.noteRequired'), v.maxLength(INQUIRY_LIMITS.note, 'inbox.errors.tooLong'))),
    /** A code of the fixed list (src/shared/lost-reasons.ts); "other" with `lostReasonText`. */
    lostReason: v.optional(LostReasonSchema),
    lostReasonText: v.optional(LostReasonTextSchema),
    // A correction of the prospect's own fields, by the contact form's rules (recorded in the history by its author).
    name: v.optional(InquiryInputSchema.entries.name),
    email: v.optional(InquiryInputSchema.entries.email),
    phone: v.optional(InquiryInputSchema.entries.phone),
    // Absent means unchanged (the form's default of null would clear it).
    company: v.optional(InquiryInputSchema.entries.company.wrapped),
    /**
     * Issue 40: "won" needs an accepted proposal (or a lease) on the inquiry — or an owner's override with this
     * reason, recorded in its history.
     */
    wonOverrideReason: v.optional(v.pipe(v.string('inbox.errors.wonReasonRequired'), v.trim(), v.nonEmpty('inbox.errors.wonReasonRequired'), v.maxLength(INQUIRY_LIMITS.note, 'inbox.errors.tooLong'))),
  }, objectMessages({}, 'inbox.errors.invalid', 'inbox.errors.unknownField')),
  v.check((patch) => Object.values(patch).some((value) => value !== undefined), 'inbox.errors.emptyPatch'),
  v.forward(v.check((patch) => patch.status !== 'lost' || patch.lostReason !== undefined, LOST_REASON_MESSAGES.required), ['lostReason']),
  v.forward(v.check((patch) => patch.lostReason === undefined || patch.status === 'lost', 'inbox.errors.lostReasonOnlyWhenLost'), ['lostReason']),
  v.forward(v.check((patch) => patch.wonOverrideReason === undefined || patch.status === 'won', 'inbox.errors.wonReasonOnlyWhenWon'), ['wonOverrideReason']),
  // "Other" needs the person's words; any other reason takes none.
  v.forward(v.check((patch) => lostReasonProblem(patch.lostReason, patch.lostReasonText)?.[1] !== LOST_REASON_MESSAGES.textRequired, LOST_REASON_MESSAGES.textRequired), ['lostReasonText']),
  v.forward(v.check((patch) => lostReasonProblem(patch.lostReason, patch.lostReasonText)?.[1] !== LOST_REASON_MESSAGES.textOnlyWithOther, LOST_REASON_MESSAGES.textOnlyWithOther), ['lostReasonText']),
);
export type InquiryPatch = v.InferOutput<typeof InquiryPatchSchema>;

/**
 * The fields of an inquiry two people may set at once, as the conflict dialog compares them (decision 033): the
 * pipeline's and the prospect's contact fields staff may correct. A note is appended, never overwritten.
 */
export const INQUIRY_VERSIONED_FIELDS = ['status', 'lostReason', 'lostReasonText', 'assigneeId', 'nextStepOn', ...CONTACT_FIELDS] as const satisfies readonly (keyof Inquiry)[];
export type InquiryFields = Pick<Inquiry, (typeof INQUIRY_VERSIONED_FIELDS)[number]>;

/** An inquiry's versioned fields, as the conflict dialog compares them. */
export const inquiryFields = (inquiry: InquiryFields): InquiryFields => ({
  status: inquiry.status, lostReason: inquiry.lostReason, lostReasonText: inquiry.lostReasonText, assigneeId: inquiry.assigneeId, nextStepOn: inquiry.nextStepOn,
  name: inquiry.name, email: inquiry.email, phone: inquiry.phone, company: inquiry.company,
});

/**
 * The PATCH that turns `from` into `to` (with an optional note): only the fields that differ; a lost
 * reason only with the step to lost. Null when there is nothing to send.
 */
export function inquiryPatchBetween(from: InquiryFields, to: InquiryFields, note?: string): InquiryPatch | null {
  const patch: InquiryPatch = {};
  if (to.status !== from.status) {
    patch.status = to.status;
    if (to.status === 'lost' && to.lostReason) {
      patch.lostReason = to.lostReason;
      if (to.lostReason === LOST_REASON_OTHER && to.lostReasonText) patch.lostReasonText = to.lostReasonText;
    }
  }
  if (to.assigneeId !== from.assigneeId) patch.assigneeId = to.assigneeId;
  if (to.nextStepOn !== from.nextStepOn) patch.nextStepOn = to.nextStepOn;
  for (const field of CONTACT_FIELDS) {
    // A required field is never cleared by a merge; the company may be.
    if (to[field] !== from[field] && (to[field] !== null || field === 'company')) (patch as Record<string, string | null>)[field] = to[field];
  }
  if (note !== undefined) patch.note = note;
  return Object.keys(patch).length > 0 ? patch : null;
}

export const INQUIRY_PAGE = { default: 50, max: 200 } as const;

/**
 * A day filter: the shared period rule's day (src/shared/periods.ts) — 2026-02-31, 0000-00-00 and 9999-12-31
 * are refused here, not by a failing query.
 */
const DateParam = daySchema(periodMessages('inbox'));

/** The list's filters (query parameters); an absent or empty parameter means no filter. */
export const InquiryFilterSchema = v.object({
  status: v.optional(v.picklist(INQUIRY_STATUSES, 'inbox.errors.statusInvalid')),
  unitId: v.optional(v.pipe(v.string(), v.uuid('inbox.errors.invalid'))),
  floor: v.optional(v.picklist(INQUIRY_FLOORS, 'inbox.errors.invalid')),
  from: v.optional(DateParam),
  to: v.optional(DateParam),
  search: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(INQUIRY_LIMITS.search, 'inbox.errors.tooLong'))),
  /** `me` (the signed-in person), `none` (unassigned), `all` (no filter) or someone's id. */
  assignee: v.optional(v.union([v.picklist(['me', 'none', 'all']), v.pipe(v.string(), v.uuid(), v.toLowerCase())], 'inbox.errors.invalid')),
});
export type InquiryFilter = v.InferOutput<typeof InquiryFilterSchema>;

export const InquiryPageSchema = v.object({
  ...InquiryFilterSchema.entries,
  limit: v.optional(
    v.pipe(v.string(), v.regex(/^\d{1,4}$/, 'inbox.errors.limitInvalid'), v.transform(Number), v.minValue(1, 'inbox.errors.limitInvalid'), v.maxValue(INQUIRY_PAGE.max, 'inbox.errors.limitInvalid')),
    String(INQUIRY_PAGE.default),
  ),
  cursor: v.optional(v.string()),
});

/** The filter names kept in the inbox URL, in order. */
export const INQUIRY_FILTER_KEYS = ['status', 'unitId', 'floor', 'from', 'to', 'search', 'assignee'] as const;

/** Counts per status of everything the other filters select (GET /api/inquiries/counts). */
export type InquiryCounts = Record<InquiryStatus, number> & { all: number };

/** Of the counted inquiries, those still open (not won or lost). */
export const openInquiries = (counts: InquiryCounts): number => counts.all - CLOSED_INQUIRY_STATUSES.reduce((sum, status) => sum + counts[status], 0);
