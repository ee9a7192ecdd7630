import * as v from 'valibot';
import { LOCALES } from '../../i18n/locales.ts';
import { DEAL_LIMITS, DealTermsSchema, FREE_RENT_BASES } from '../deals/terms.ts';
import { isCalendarDay } from '../inquiry-rules.ts';
import { objectMessages } from '../object-messages.ts';
import { CONSENT_VERSIONS } from './consent.ts';
import { DECLINE_REASONS } from './decline-reasons.ts';
import { PROPOSAL_LIMITS } from './limits.ts';

/** The request bodies of the proposal API (docs/api/proposals.md); the panel's forms and the prospect's page use them too. */

const msg = (key: string) => `proposals.errors.${key}`;
const Uuid = v.pipe(v.string(msg('invalid')), v.uuid(msg('invalid')), v.toLowerCase());
const UnitIds = v.pipe(
  v.array(Uuid, msg('unitsRequired')),
  v.minLength(1, msg('unitsRequired')),
  v.maxLength(PROPOSAL_LIMITS.units, msg('tooManyUnits')),
  v.check((ids) => new Set(ids).size === ids.length, msg('unitsRepeated')),
);
const Day = v.pipe(v.string(msg('validUntilInvalid')), v.check(isCalendarDay, msg('validUntilInvalid')));
const Locale = v.picklist(LOCALES, msg('localeInvalid'));
const text = (max: number) => v.pipe(v.string(msg('textInvalid')), v.trim(), v.maxLength(max, msg('tooLong')));
const required = (max: number, key: string) => v.pipe(v.string(msg(key)), v.trim(), v.nonEmpty(msg(key)), v.maxLength(max, msg('tooLong')));

/**
 * POST /api/inquiries/{id}/proposals. Without `parentId` a new negotiation starts at version 1; with it, the next
 * version of a sent or answered one (the way to "edit" what the prospect saw, or to answer their counter).
 */
export const ProposalCreateSchema = v.strictObject(
  {
    unitIds: UnitIds,
    terms: DealTermsSchema,
    validUntil: v.optional(Day),
    locale: v.optional(Locale),
    parentId: v.optional(Uuid),
    /** A renewal of this signed lease of the inquiry (issue 40); a next version keeps its negotiation's. */
    renewalOf: v.optional(Uuid),
  },
  objectMessages({ unitIds: msg('unitsRequired'), terms: msg('termsRequired') }, msg('invalid'), msg('unknownField')),
);
export type ProposalCreate = v.InferOutput<typeof ProposalCreateSchema>;

/** PATCH /api/proposals/{id}: an unsent version's spaces, terms (whole), validity or language. */
export const ProposalPatchSchema = v.pipe(
  v.strictObject(
    { unitIds: v.optional(UnitIds), terms: v.optional(DealTermsSchema), validUntil: v.optional(Day), locale: v.optional(Locale) },
    objectMessages({}, msg('invalid'), msg('unknownField')),
  ),
  v.check((patch) => Object.values(patch).some((value) => value !== undefined), msg('emptyPatch')),
);
export type ProposalPatch = v.InferOutput<typeof ProposalPatchSchema>;

/** POST …/approve (comment optional), …/reject and …/request-changes (comment required: the agent must learn why). */
export const ApprovalCommentSchema = v.strictObject(
  { comment: v.optional(text(PROPOSAL_LIMITS.comment), '') },
  objectMessages({}, msg('invalid'), msg('unknownField')),
);
export const ApprovalReasonSchema = v.strictObject(
  { comment: required(PROPOSAL_LIMITS.comment, 'commentRequired') },
  objectMessages({ comment: msg('commentRequired') }, msg('invalid'), msg('unknownField')),
);

/** POST …/send: to the inquiry's address unless `to` names another (a colleague, their broker), in `locale`. */
export const ProposalSendSchema = v.strictObject(
  {
    to: v.optional(v.pipe(v.string(msg('emailInvalid')), v.trim(), v.toLowerCase(), v.email(msg('emailInvalid')), v.maxLength(254, msg('emailInvalid')))),
    locale: v.optional(Locale),
  },
  objectMessages({}, msg('invalid'), msg('unknownField')),
);
export type ProposalSend = v.InferOutput<typeof ProposalSendSchema>;

/** A counter: the terms the prospect may change, at least one of them. */
export const CounterSchema = v.pipe(
  v.strictObject(
    {
      rentPerM2Krw: v.optional(v.pipe(v.number(msg('counterRentInvalid')), v.integer(msg('counterRentInvalid')), v.minValue(0, msg('counterRentInvalid')), v.maxValue(DEAL_LIMITS.perM2, msg('counterRentInvalid')))),
      freeRent: v.optional(v.strictObject(
        {
          basis: v.picklist(FREE_RENT_BASES, msg('counterFreeRentInvalid')),
          months: v.pipe(v.number(msg('counterFreeRentInvalid')), v.integer(msg('counterFreeRentInvalid')), v.minValue(0, msg('counterFreeRentInvalid')), v.maxValue(DEAL_LIMITS.termMonths, msg('counterFreeRentInvalid'))),
        },
        objectMessages({}, msg('counterFreeRentInvalid'), msg('unknownField')),
      )),
      fitoutMonths: v.optional(v.pipe(v.number(msg('counterFitoutInvalid')), v.integer(msg('counterFitoutInvalid')), v.minValue(0, msg('counterFitoutInvalid')), v.maxValue(DEAL_LIMITS.fitoutMonths, msg('counterFitoutInvalid')))),
      termMonths: v.optional(v.pipe(v.number(msg('counterTermInvalid')), v.integer(msg('counterTermInvalid')), v.minValue(1, msg('counterTermInvalid')), v.maxValue(DEAL_LIMITS.termMonths, msg('counterTermInvalid')))),
      startDate: v.optional(v.pipe(v.string(msg('counterStartInvalid')), v.check(isCalendarDay, msg('counterStartInvalid')))),
    },
    objectMessages({}, msg('invalid'), msg('unknownField')),
  ),
  v.check((counter) => Object.values(counter).some((value) => value !== undefined), msg('counterEmpty')),
);
export type Counter = v.InferOutput<typeof CounterSchema>;

const Code = v.pipe(v.string(msg('codeRequired')), v.trim(), v.regex(/^\d{6}$/, msg('codeInvalid')));
const Signer = {
  signerName: required(PROPOSAL_LIMITS.signerName, 'signerNameRequired'),
  signerTitle: v.optional(text(PROPOSAL_LIMITS.signerTitle), ''),
  company: v.optional(text(PROPOSAL_LIMITS.company), ''),
};
const answerMessages = objectMessages(
  { code: msg('codeRequired'), signerName: msg('signerNameRequired'), consent: msg('consentRequired'), reasonCode: msg('reasonRequired'), counter: msg('counterEmpty') },
  msg('invalid'),
  msg('unknownField'),
);

/**
 * POST /api/proposal-links/answer. Accepting needs the mailed code, the signer's name (title and company as they
 * sign), and the consent words of a published version ticked; a counter needs the code and at least one change;
 * declining needs a reason from the list (and words when it is "other"), no code.
 */
export const AnswerSchema = v.variant('decision', [
  v.strictObject(
    {
      decision: v.literal('accept'),
      code: Code,
      ...Signer,
      consent: v.literal(true, msg('consentRequired')),
      consentVersion: v.picklist(CONSENT_VERSIONS, msg('consentVersionUnknown')),
    },
    answerMessages,
  ),
  v.pipe(
    v.strictObject(
      {
        decision: v.literal('decline'),
        reasonCode: v.picklist(DECLINE_REASONS, msg('reasonRequired')),
        message: v.optional(text(PROPOSAL_LIMITS.message), ''),
        signerName: v.optional(text(PROPOSAL_LIMITS.signerName), ''),
      },
      answerMessages,
    ),
    v.forward(v.check((answer) => answer.reasonCode !== 'other' || answer.message !== '', msg('reasonTextRequired')), ['message']),
  ),
  v.strictObject(
    {
      decision: v.literal('counter'),
      code: Code,
      ...Signer,
      counter: CounterSchema,
      message: v.optional(text(PROPOSAL_LIMITS.message), ''),
    },
    answerMessages,
  ),
], msg('decisionInvalid'));
export type Answer = v.InferOutput<typeof AnswerSchema>;
