import * as v from 'valibot';

/**
 * Who looked at what (issue 25, 개인정보의 안전성 확보조치 기준 §8): every time a person reads or takes out a
 * visitor's personal data, one access record names them, the time, the client address, the action and which
 * inquiries (ids) or how many. Defined once here for the server, the activity log and the panel.
 */
export const ACCESS_ACTIONS = [
  'inquiry.view', 'attachment.link', 'inquiries.export', 'privacy_request.view',
  // A proposal read with the prospect in it (the address its link went to, an answer's signer and evidence), its PDF
  // (which names the addressee) and its certificate (the signer and the evidence): src/server/proposals/access.ts.
  'proposal.view', 'proposal.pdf', 'proposal.certificate',
] as const;
export type AccessAction = (typeof ACCESS_ACTIONS)[number];

/** The activity log's two filters over them: "열람" (read on screen) and "내려받기" (a file leaves the system). */
export const ACCESS_KINDS = {
  view: ['inquiry.view', 'privacy_request.view', 'proposal.view'],
  download: ['attachment.link', 'inquiries.export', 'proposal.pdf', 'proposal.certificate'],
} as const satisfies Record<string, readonly AccessAction[]>;
export type AccessKind = keyof typeof ACCESS_KINDS;

/** Access records are kept at least this long (two years: the standard's longer term, decision 027); nothing deletes them. */
export const ACCESS_RECORD_RETENTION_YEARS = 2;

/** One access record as GET /api/admin/audit?kind=access lists it. */
export interface AccessRecord {
  id: string;
  at: string;
  actor: { id: string | null; name: string | null } | null;
  action: AccessAction;
  /** The inquiries concerned (a view, an attachment link); empty for an export, which counts them. */
  inquiryIds: string[];
  /** A privacy request's id (privacy_request.view), a proposal's (proposal.*). */
  targetId: string | null;
  /** What `targetId` names, as a person reads it (null when there is none, or it no longer exists). */
  target: AccessTarget | null;
  /** How many inquiries an export carried. */
  count: number | null;
  /** An export's reason: a code of EXPORT_REASONS, or the person's own words. */
  reason: string | null;
  reasonText: string | null;
  address: string | null;
}

/** The record an access concerned besides inquiries: a privacy request by its kind and day, a proposal by its version. */
export type AccessTarget =
  | { kind: 'privacy_request'; requestKind: string; confirmedAt: string | null }
  | { kind: 'proposal'; version: number };

/**
 * An access's target in the reader's words: "열람 요청 (2026. 12. 1. 확인)", "제안 v2". `tag` is the BCP 47 language
 * tag of the reader (the day in Seoul's calendar).
 * @example accessTargetText({ kind: 'proposal', version: 2 }, t, 'ko-KR') // '제안 v2'
 */
export function accessTargetText(target: AccessTarget, t: (key: string, params?: Record<string, string | number>) => string, tag: string): string {
  if (target.kind === 'proposal') return t('access.log.proposal', { version: target.version });
  const kind = t(`privacyRequests.kinds.${target.requestKind}`);
  if (!target.confirmedAt) return t('access.log.privacyRequestKind', { kind });
  const day = new Intl.DateTimeFormat(tag, { dateStyle: 'medium', timeZone: 'Asia/Seoul' }).format(new Date(target.confirmedAt));
  return t('access.log.privacyRequest', { kind, day });
}

/** The reasons an export may give; `other` needs words of its own (reasonText). */
export const EXPORT_REASONS = ['follow_up', 'contract', 'report', 'other'] as const;
export type ExportReason = (typeof EXPORT_REASONS)[number];
export const EXPORT_REASON_TEXT_MAX = 200;

/** Whether a stored reason is one of the list (shown in the reader's language) rather than a person's words. */
export function isExportReason(value: string): value is ExportReason {
  return (EXPORT_REASONS as readonly string[]).includes(value);
}

const ReasonText = v.pipe(v.string('access.errors.reasonRequired'), v.trim(), v.maxLength(EXPORT_REASON_TEXT_MAX, 'access.errors.reasonTooLong'));

/**
 * GET /api/inquiries/export's reason: `reason` is required (a code of EXPORT_REASONS, or a client's own
 * words up to EXPORT_REASON_TEXT_MAX characters); `reasonText` adds words, and `other` needs them.
 */
export const ExportReasonSchema = v.pipe(
  v.object({
    reason: v.pipe(ReasonText, v.minLength(1, 'access.errors.reasonRequired')),
    reasonText: v.optional(ReasonText),
  }),
  v.forward(
    v.check((input) => input.reason !== 'other' || Boolean(input.reasonText), 'access.errors.reasonTextRequired'),
    ['reasonText'],
  ),
);
export type ExportReasonInput = v.InferOutput<typeof ExportReasonSchema>;

/** A day on which one person opened more than this many inquiries is named in the monthly review. */
export const UNUSUAL_VIEWS_PER_DAY = 50;

/** A month of the review: YYYY-MM (Korean calendar). */
export const REVIEW_MONTH_PATTERN = /^\d{4}-(0[1-9]|1[0-2])$/;

/** An access review as GET /api/admin/access-reviews lists it. */
export interface AccessReviewState {
  month: string;
  mailedAt: string;
  doneAt: string | null;
  doneBy: { id: string; name: string } | null;
}
