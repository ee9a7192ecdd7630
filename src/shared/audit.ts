import * as v from 'valibot';
import { daySchema, periodMessages } from './periods.ts';
import { ACCESS_KINDS } from './access.ts';

/** The log's two halves: the writes (no kind), or the access records — all of them, or only views or downloads. */
export const AUDIT_KINDS = ['access', ...(Object.keys(ACCESS_KINDS) as (keyof typeof ACCESS_KINDS)[])] as const;
export type AuditKind = (typeof AUDIT_KINDS)[number];

/** What the activity log records changes of (the filter's choices). */
export const AUDIT_ENTITIES = ['inquiry', 'brand', 'unit', 'user', 'tour', 'proposal', 'lease', 'invitation', 'session', 'passkey', 'setting', 'object', 'audit', 'access_review', 'privacy_request'] as const;
export type AuditEntity = (typeof AUDIT_ENTITIES)[number];

/** A choice that covers the kinds recorded beside it: a proposal's links and approval rounds, a lease's amendments. */
const AUDIT_ENTITY_PARTS: Partial<Record<AuditEntity, readonly string[]>> = {
  proposal: ['proposal', 'proposal_link', 'proposal_approval'],
  lease: ['lease', 'lease_amendment'],
};

/** The kinds of entry the filter's choice selects. */
export function auditEntityKinds(entity: AuditEntity): readonly string[] {
  return AUDIT_ENTITY_PARTS[entity] ?? [entity];
}

export const AUDIT_PAGE = { default: 50, max: 200 } as const;

/** One entry of the activity log (GET /api/admin/audit). */
export interface AuditEvent {
  id: string;
  at: string;
  /** The account that acted, or null for the system (a schedule, ADMIN_PASSWORD) or an unknown visitor. */
  actor: { id: string | null; name: string | null } | null;
  /** create, update, delete, restore, note, sign_in, sign_in_failed, sign_out, export, attachment_link, invite, … */
  action: string;
  entity: string;
  entityId: string | null;
  /** Each changed field: [before, after] (an event's facts have null before). */
  changes: Record<string, [unknown, unknown]>;
  address: string | null;
  /**
   * The records the entry names (its own and any id among its values), by id, as a person reads them: the
   * panel shows "이서연 (#0b6c2f1e)", "8층 802호" or a person's name instead of ids (issue 28). An id missing
   * here names a record that no longer exists.
   */
  refs?: Record<string, AuditRef>;
}

/** A record an activity-log entry names, as the panel shows it (the inquirer masked for who reads masked). */
export type AuditRef =
  | { kind: 'inquiry'; name: string | null; reference: string }
  | { kind: 'unit'; floor: string; unitNumber: string }
  | { kind: 'user'; name: string }
  | { kind: 'brand'; name: string; slug: string | null }
  | { kind: 'tour'; startsAt: string; inquiryId: string; name: string | null; reference: string }
  /** A proposal by its version in the negotiation ("홍길동 님 제안 v2"); its link and approval rounds are named by it too. */
  | { kind: 'proposal'; version: number; inquiryId: string; name: string | null; reference: string };

/** The shared period rule's day, with the inbox's words (the two lists share their date fields). */
const Day = daySchema(periodMessages('inbox'));

/**
 * GET /api/admin/audit's query: `actor` (an account id), `entity`, `from`/`to` (Korean calendar days), and
 * `kind` (access, view, download) for the access records instead of the writes (`entity` does not apply).
 */
export const AuditFilterSchema = v.object({
  kind: v.optional(v.picklist(AUDIT_KINDS, 'team.errors.invalid')),
  actor: v.optional(v.pipe(v.string(), v.uuid('team.errors.invalid'), v.toLowerCase())),
  entity: v.optional(v.picklist(AUDIT_ENTITIES, 'team.errors.invalid')),
  from: v.optional(Day),
  to: v.optional(Day),
});
export type AuditFilter = v.InferOutput<typeof AuditFilterSchema>;
export const AUDIT_FILTER_KEYS = ['kind', 'actor', 'entity', 'from', 'to'] as const;

export const AuditPageSchema = v.object({
  ...AuditFilterSchema.entries,
  limit: v.optional(
    v.pipe(v.string(), v.regex(/^\d{1,4}$/, 'inbox.errors.limitInvalid'), v.transform(Number), v.minValue(1, 'inbox.errors.limitInvalid'), v.maxValue(AUDIT_PAGE.max, 'inbox.errors.limitInvalid')),
    String(AUDIT_PAGE.default),
  ),
  cursor: v.optional(v.string()),
});
