import * as v from 'valibot';
import { LOCALES } from '../../i18n/locales.ts';
import type { RateLimit } from '../abuse.ts';
import { CORRECTABLE_FIELDS, InquiryInputSchema } from '../inquiry.ts';
import { objectMessages } from '../object-messages.ts';

/**
 * A visitor's privacy requests (PIPA Art. 35–37, issue 24): what they may ask, how long the link in the mail lives,
 * and how long the owner has to act. One definition for the request page, the API and the admin list.
 */
import { PRIVACY_DETAILS_MAX, PRIVACY_REQUEST_KINDS, type PrivacyRequestKind } from './request-kinds.ts';

export { PRIVACY_DETAILS_MAX, PRIVACY_REQUEST_KINDS, type PrivacyRequestKind };

/** The single-use confirmation link lives this long. */
export const PRIVACY_LINK_TTL_MS = 24 * 3_600_000;
/** A confirmed request is due this many days after confirmation (Art. 35(3), decree Art. 41(4)). */
export const PRIVACY_REQUEST_DUE_DAYS = 10;

/** Requests per client: a few a visitor needs, not a way to mail strangers in bulk. */
export const PRIVACY_REQUEST_RATE_LIMITS: readonly RateLimit[] = [
  { max: 5, windowMs: 3_600_000 },
  { max: 20, windowMs: 86_400_000 },
];

/**
 * Openings of confirmation links per client, a bucket of their own: a visitor who opens their link again (a second
 * device, a reload) must not use up the request form's limit. A link is a 256-bit secret; this only slows a flood.
 */
export const PRIVACY_CONFIRM_RATE_LIMITS: readonly RateLimit[] = [
  { max: 30, windowMs: 3_600_000 },
  { max: 100, windowMs: 86_400_000 },
];

/**
 * Link mails to one address in a day, whoever asks: many clients must not bury one person's mailbox in links.
 * Past it a request is answered exactly as any other (202) and nothing is stored or sent.
 */
export const PRIVACY_LINK_MAILS_PER_ADDRESS = 3;
export const PRIVACY_LINK_MAILS_WINDOW_MS = 86_400_000;

/** What a confirmation answers: the request's kind and status, and whether this link had confirmed it before. */
export interface PrivacyConfirmAnswer {
  kind: PrivacyRequestKind;
  status: 'open' | 'closed';
  alreadyConfirmed: boolean;
}

const m = (key: string) => `privacyRequests.errors.${key}`;

export const PrivacyRequestInputSchema = v.strictObject(
  {
    email: v.pipe(v.string(m('emailInvalid')), v.trim(), v.maxLength(254, m('emailInvalid')), v.email(m('emailInvalid')), v.toLowerCase()),
    kind: v.picklist(PRIVACY_REQUEST_KINDS, m('kindInvalid')),
    lang: v.picklist(LOCALES, m('invalid')),
    details: v.optional(v.nullable(v.pipe(v.string(m('invalid')), v.trim(), v.maxLength(PRIVACY_DETAILS_MAX, m('detailsTooLong')))), null),
  },
  objectMessages({ email: m('emailInvalid'), kind: m('kindInvalid') }, m('invalid'), m('invalid')),
);
export type PrivacyRequestInput = v.InferOutput<typeof PrivacyRequestInputSchema>;

export const PrivacyConfirmSchema = v.strictObject(
  { token: v.pipe(v.string(m('invalid')), v.minLength(1, m('invalid')), v.maxLength(200, m('invalid'))) },
  objectMessages({}, m('invalid'), m('invalid')),
);

export const PRIVACY_ACTIONS = ['send_copy', 'destroy', 'suspend', 'correct', 'close'] as const;
export type PrivacyAction = (typeof PRIVACY_ACTIONS)[number];

/**
 * What answers each kind of request: its own action, or closing it with a note (a refusal with its reason, an answer
 * given another way). The panel offers only these and the server refuses any other (no "delete now" on an access request).
 */
export const PRIVACY_ACTIONS_BY_KIND: Record<PrivacyRequestKind, readonly PrivacyAction[]> = {
  access: ['send_copy', 'close'],
  correction: ['correct', 'close'],
  deletion: ['destroy', 'close'],
  suspension: ['suspend', 'close'],
  marketing_withdrawal: ['close'],
};

/** What "correct" may change: the visitor's own fields, checked by the inquiry form's rules. */
export const PrivacyCorrectionSchema = v.partial(v.pick(InquiryInputSchema, [...CORRECTABLE_FIELDS]));

export const PrivacyActionSchema = v.strictObject(
  {
    action: v.picklist(PRIVACY_ACTIONS, m('actionInvalid')),
    fields: v.optional(PrivacyCorrectionSchema),
    note: v.optional(v.nullable(v.pipe(v.string(m('invalid')), v.trim(), v.maxLength(PRIVACY_DETAILS_MAX, m('detailsTooLong')))), null),
  },
  objectMessages({ action: m('actionInvalid') }, m('invalid'), m('invalid')),
);
export type PrivacyActionInput = v.InferOutput<typeof PrivacyActionSchema>;

/** A confirmed request as the owner's list shows it (GET /api/admin/privacy-requests). */
export interface PrivacyRequest {
  id: string;
  kind: PrivacyRequestKind;
  /** Null once the request is closed and its outcome was mailed. */
  email: string | null;
  lang: string;
  details: string | null;
  status: 'open' | 'closed';
  confirmedAt: string;
  dueAt: string;
  overdue: boolean;
  closedAt: string | null;
  outcome: PrivacyAction | 'marketing_withdrawn' | null;
  inquiryIds: string[];
  /** The lost-update check's counter: the owner's action names it in If-Match (decision 033). */
  version: number;
}
