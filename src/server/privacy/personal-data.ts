import { sql, type DeleteQueryBuilder, type DeleteResult, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import type { Trx } from '../audit/actor.ts';
import type { Database, Db } from '../db/index.ts';
import { deleteObject } from '../objects/storage.ts';
import { copyOfActivity, copyOfAttachments, copyOfHistory, copyOfInquiry, copyOfOutbox, copyOfTours, copyOfUndo } from './copy-readers.ts';
import type { CopyContext, CopyLine, DestroyTarget } from './copy-values.ts';
import { copyOfProposals, destroyProposalData, PROPOSAL_AUDIT_FACTS, proposalAuditRows } from '../proposals/privacy.ts';
import { copyOfLeases, destroyLeaseDrafts, expireLeasePeople } from '../leases/privacy.ts';

/**
 * Every place that holds a visitor's personal data, in one list (PIPA Art. 21: destruction reaches every copy).
 * The destruction of an inquiry (destroy.ts) runs each `perInquiry` entry; the daily retention run (retention.ts)
 * runs each `expiry` entry; the access copy (열람, mails.ts) shows each `perInquiry` entry's `copy`, so what a
 * visitor is sent and what is destroyed are one list; the dump test (tests/api/privacy-retention.test.ts) fails
 * naming any table that held a visitor's words before a destruction and is not named here.
 *
 * Adding a table or column that holds a visitor's data (tour attendees, consent records …) = adding an entry below:
 * `tables` names what it covers, `destroy` removes that inquiry's copy and returns how many rows or objects it
 * touched, `copy` writes what it holds for the access copy (copy-readers.ts) under its `section` heading. Keep what is anonymous (day, status, floor, use, area band, channel, language): reports count on it.
 */

export type { DestroyTarget };

export interface PerInquiryEntry {
  name: string;
  /** Tables (or `blob:<store>`) this entry covers. */
  tables: string[];
  /** What it holds and what becomes of it, for the docs and the report. */
  holds: string;
  /**
   * `blob` entries run before the database transaction (a failed blob deletion leaves the row intact, so the next
   * run tries again); `database` entries run in one transaction, all or nothing.
   */
  phase: 'blob' | 'database';
  destroy(target: DestroyTarget, trx: Trx | null): Promise<number>;
  /** The access copy's heading for it: privacyRequests.copy.sections.<section>. */
  section: string;
  /** What it holds for the inquiry, as the access copy shows it in the requester's language ([] for nothing). */
  copy(target: DestroyTarget, context: CopyContext): Promise<CopyLine[]>;
}

export interface ExpiryEntry {
  name: string;
  tables: string[];
  /** How long it is kept, in words (docs, report). */
  period: string;
  expire(db: Db, now: Date): Promise<number>;
}

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

const trxOf = (trx: Trx | null): Trx => {
  if (!trx) throw new Error('A database entry runs inside the destruction transaction');
  return trx;
};

const count = (result: { numUpdatedRows?: bigint; numDeletedRows?: bigint } | undefined) =>
  Number(result?.numUpdatedRows ?? result?.numDeletedRows ?? 0n);

/** The anonymous part of a visit source: the page path without its query and the campaign tags, never the referrer's full address. */
export const ANONYMOUS_SOURCE_SQL = sql`case when source is null then null else jsonb_build_object(
  'path', split_part(split_part(source->>'path', '?', 1), '#', 1),
  'referrer', substring(source->>'referrer' from '^[a-z][a-z0-9+.-]*://[^/?#]+'),
  'utm', coalesce(source->'utm', '{}'::jsonb)) end`;

/**
 * What the activity log keeps of an inquiry and its tours when the inquiry is destroyed: facts about the work, which
 * name nobody (reports and the history read them). Any other recorded value — and any column added later until it is
 * listed here — reads "destroyed". Columns as the log records them (snake_case).
 */
export const AUDIT_FACTS = {
  inquiry: [
    'status', 'lost_reason', 'assignee_id', 'next_step_on', 'unit_id', 'unit_floor', 'unit_number', 'business_type', 'desired_floors',
    'desired_area_m2', 'locale', 'created_at', 'privacy_notice_version', 'privacy_notice_at', 'destroyed_at', 'suspended_at',
  ],
  tour: [
    'inquiry_id', 'host_id', 'starts_at', 'ends_at', 'busy_until', 'unit_ids', 'status', 'locale', 'sequence', 'meeting_point',
    'interest', 'outcome_at', 'next_step_on', 'created_by',
  ],
  ...PROPOSAL_AUDIT_FACTS,
} as const satisfies Record<'inquiry' | 'tour' | keyof typeof PROPOSAL_AUDIT_FACTS, readonly string[]>;

export const PER_INQUIRY: PerInquiryEntry[] = [
  {
    name: 'attachments',
    section: 'attachments',
    copy: copyOfAttachments,
    tables: ['blob:objects'],
    holds: 'The attached files (business plans …) and their upload metadata (file name, type, size): deleted from the blob store.',
    phase: 'blob',
    async destroy(target) {
      let deleted = 0;
      for (const path of target.attachments) if (await deleteObject(path)) deleted++;
      return deleted;
    },
  },
  {
    name: 'inquiry',
    section: 'inquiry',
    copy: copyOfInquiry,
    tables: ['inquiries'],
    holds:
      'Name, e-mail, phone, company, message, move-in day, preferred contact, the words of an "other" lost reason, next step, the marketing choice, the ' +
      'idempotency receipt (its key) and the attachment list become NULL/empty; search_text follows (NULL); the visit source keeps ' +
      'only its page path, the referrer\'s origin and campaign tags. Kept: created day, status, floor/space, use, desired floors ' +
      'and area, page language, assignee, the lost reason\'s code (a fixed list: src/shared/lost-reasons.ts).',
    phase: 'database',
    async destroy(target, trx) {
      const result = await trxOf(trx)
        .updateTable('inquiries')
        .set({
          name: null, email: null, phone: null, message: null, company: null, moveInDate: null, preferredContact: null,
          lostReasonText: null, nextStepOn: null, idempotencyKey: null, attachments: [], marketingConsent: false, marketingConsentAt: null,
          source: sql`${ANONYMOUS_SOURCE_SQL}`,
          destroyedAt: sql`clock_timestamp()`,
        })
        .where('id', '=', target.id)
        .executeTakeFirst();
      return count(result);
    },
  },
  {
    name: 'history',
    section: 'history',
    copy: copyOfHistory,
    tables: ['inquiry_history'],
    holds: 'Staff notes and the words of "other" lost reasons become NULL; the entries (who, when, which status, the reason\'s code) stay.',
    phase: 'database',
    async destroy(target, trx) {
      const result = await trxOf(trx)
        .updateTable('inquiryHistory')
        .set({ note: null, lostReasonText: null })
        .where('inquiryId', '=', target.id)
        .where((eb) => eb.or([eb('note', 'is not', null), eb('lostReasonText', 'is not', null)]))
        .executeTakeFirst();
      return count(result);
    },
  },
  {
    name: 'outbox',
    section: 'outbox',
    copy: copyOfOutbox,
    tables: ['outbox'],
    holds: 'Its notifications (team mail, webhook, confirmation; sent or pending, with their errors) and staff mails about it (assignment, reminder): deleted.',
    phase: 'database',
    async destroy(target, trx) {
      const result = await trxOf(trx)
        .deleteFrom('outbox')
        .where((eb) => eb.or([eb('inquiryId', '=', target.id), sql<boolean>`payload->>'inquiryId' = ${target.id}`]))
        .executeTakeFirst();
      return count(result);
    },
  },
  {
    name: 'tours',
    section: 'tours',
    copy: copyOfTours,
    tables: ['tours'],
    holds:
      'The texts of its site visits (message to the prospect, internal notes, feedback, next step, cancellation reason) become ' +
      'NULL; the tours stay (host, spaces, time, status, outcome) for the reports. Their invitations are outbox rows (above).',
    phase: 'database',
    async destroy(target, trx) {
      const result = await trxOf(trx)
        .updateTable('tours')
        .set({ messageToProspect: null, internalNotes: null, feedback: null, nextStep: null, cancelReason: null })
        .where('inquiryId', '=', target.id)
        .executeTakeFirst();
      return count(result);
    },
  },
  {
    name: 'undo copies',
    section: 'undo',
    copy: copyOfUndo,
    tables: ['deleted_records'],
    holds: 'An undo copy of the inquiry (none is written today; listed so one added later is covered): deleted.',
    phase: 'database',
    async destroy(target, trx) {
      const result = await trxOf(trx).deleteFrom('deletedRecords').where('entity', '=', 'inquiry').where('id', '=', target.id).executeTakeFirst();
      return count(result);
    },
  },
  {
    name: 'proposals',
    section: 'proposals',
    copy: copyOfProposals,
    tables: ['proposals', 'proposal_approvals', 'proposal_links', 'proposal_link_codes', 'proposal_responses', 'proposal_holds'],
    holds:
      'The answers\' signer name, title and company, client address, browser, the address the link and code went to and the ' +
      'prospect\'s message become NULL (decision, time, PDF hash, reason code and the counter\'s figures stay); the links\' ' +
      'recipient becomes NULL and a live link is revoked; codes are deleted; special terms become empty, approval comments ' +
      'and a released hold\'s reason NULL (the figures stay for the reports). Their mails are outbox rows (above). src/server/proposals/privacy.ts.',
    phase: 'database',
    destroy: (target, trx) => destroyProposalData(target, trxOf(trx)),
  },
  {
    name: 'lease drafts',
    section: 'leases',
    copy: copyOfLeases,
    tables: ['leases'],
    holds:
      'A draft lease\'s representative, contacts, legal name, number and new brand (taken over from the inquiry) become empty. A signed lease is the ' +
      'contract\'s: its people are kept for the lease and five years after it ends (the expiry entry below), then destroyed; ' +
      'the legal name, 사업자등록번호, figures and dates stay. src/server/leases/privacy.ts.',
    phase: 'database',
    destroy: (target, trx) => destroyLeaseDrafts(target, trxOf(trx)),
  },
  {
    // Last: the row updates above wrote their own activity entries (with the values they cleared) in this transaction.
    name: 'activity log',
    section: 'activity',
    copy: copyOfActivity,
    tables: ['audit_events'],
    holds:
      'Every personal value recorded for it and its tours (contact fields, message, notes, reasons, the marketing choice, the ' +
      'full visit source) becomes "destroyed"; the facts stay as they were (AUDIT_FACTS: status changes, assignee, next step, ' +
      'space, a tour\'s host, time and spaces), and so does the entry: who, what kind, which id, when.',
    phase: 'database',
    async destroy(target, trx) {
      const t = trxOf(trx);
      await sql`select set_config('btower.redact', ${target.id}, true)`.execute(t);
      const result = await sql`
        update audit_events set changes = (
          select coalesce(jsonb_object_agg(key, case
            when key = any(case entity when 'tour' then ${AUDIT_FACTS.tour}::text[] when 'proposal' then ${AUDIT_FACTS.proposal}::text[]
              when 'proposal_approval' then ${AUDIT_FACTS.proposal_approval}::text[] else ${AUDIT_FACTS.inquiry}::text[] end) then value
            else '["destroyed", "destroyed"]'::jsonb end), '{}'::jsonb)
          from jsonb_each(changes))
        where (entity = 'inquiry' and entity_id = ${target.id})
           or (entity = 'tour' and entity_id in (select id::text from tours where inquiry_id = ${target.id}))
           or ${proposalAuditRows(target.id)}`.execute(t);
      await sql`select set_config('btower.redact', '', true)`.execute(t);
      return Number(result.numAffectedRows ?? 0n);
    },
  },
];

/**
 * What holds client addresses, tokens or a requester's address past its use, and when it goes (the daily run).
 * Abuse-limit windows are at most a day (src/shared/abuse.ts), so a day-old hit counts for nothing.
 */
/** An expiry entry that deletes the rows of `table` its condition selects at the run's `now`. */
function deleting<T extends keyof Database & string>(
  name: string,
  table: T,
  period: string,
  expired: (eb: ExpressionBuilder<Database, T>, now: Date) => Expression<SqlBool>,
): ExpiryEntry {
  return {
    name,
    tables: [table.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`)],
    period,
    async expire(db, now) {
      // Kysely cannot narrow a delete on a table named by a type parameter; the condition is typed on that table.
      const query = db.deleteFrom(table) as unknown as DeleteQueryBuilder<Database, T, DeleteResult>;
      return count(await query.where((eb) => expired(eb, now)).executeTakeFirst());
    },
  };
}

const before = (now: Date, days: number) => new Date(now.getTime() - days * DAY_MS);

export const EXPIRY: ExpiryEntry[] = [
  deleting('throttle hits', 'throttleHits', '1 day (the longest abuse-limit window)', (eb, now) => eb('at', '<', before(now, 1))),
  deleting('login attempts', 'loginAttempts', '1 day (sign-in limits count 15 minutes and an hour; failed sign-ins stay in the activity log)', (eb, now) => eb('at', '<', before(now, 1))),
  deleting('trusted sign-in clients', 'loginTrustedClients', '30 days after the last sign-in from that client', (eb, now) => eb('at', '<', before(now, 30))),
  deleting('sessions', 'sessions', 'when they end (expired or signed out), with their device and client address', (eb, now) => eb.or([eb('expiresAt', '<', now), eb('revokedAt', 'is not', null)])),
  deleting('invitation and reset links', 'authTokens', 'once used, replaced or expired', (eb, now) => eb.or([eb('usedAt', 'is not', null), eb('revokedAt', 'is not', null), eb('expiresAt', '<', now)])),
  deleting('passkey challenges', 'webauthnChallenges', 'once expired', (eb, now) => eb('expiresAt', '<', now)),
  {
    name: 'signed leases\' people',
    tables: ['leases', 'blob:objects'],
    period: 'five years after the lease ends (books and evidence): the representative, the contacts and the signed PDF',
    expire: expireLeasePeople,
  },
  deleting('unconfirmed privacy requests', 'privacyRequests', 'when their 24-hour link expires unconfirmed (with the address and details)', (eb, now) => eb.and([eb('status', '=', 'unconfirmed'), eb('expiresAt', '<', now)])),
];

/**
 * Tables the dump test may find a visitor's words in without a per-inquiry entry, and why. privacy_requests: the
 * requester's own address, kept until their request is closed and its outcome mailed (then cleared).
 */
export const HELD_UNTIL_REQUEST_CLOSES = ['privacy_requests'] as const;

/** Every table (and blob store) the map covers. */
export function coveredTables(): Set<string> {
  return new Set([...PER_INQUIRY, ...EXPIRY].flatMap((entry) => entry.tables));
}
