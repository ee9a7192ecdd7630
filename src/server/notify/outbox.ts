import { sql } from 'kysely';
import type { Db } from '../db/index.ts';
import { serverEnv } from '../env.ts';
import { findInquiry } from '../inquiries/queries.ts';
import { sendMail } from './mail.ts';
import { NOTIFY_CHANNELS } from './config.ts';
import { confirmationMail, teamMail, webhookBody, type MailMessage } from './messages.ts';
import { postWebhook } from './webhook.ts';
import { readSettings } from '../settings/queries.ts';
import { STAFF_MAIL_CHANNEL, type StaffMail } from './staff-mail.ts';
import { staffMessage } from './staff-messages.ts';
import { TOUR_MAIL_CHANNEL, type TourMail } from '../tours/mail-queue.ts';
import { tourMessage } from '../tours/messages.ts';
import { PRIVACY_MAIL_CHANNEL, type PrivacyMail } from '../privacy/mail-kinds.ts';
import { afterPrivacyMail, privacyMessage } from '../privacy/mails.ts';

/** After this many failed attempts a notification is marked failed (about 2 hours of retries). */
export const OUTBOX_MAX_ATTEMPTS = 8;
/** A drain owns the rows it claimed this long; longer than the slowest delivery (SMTP timeouts ~40 s). */
const CLAIM_SECONDS = 120;
const BATCH = 20;
/** Stop claiming new batches after this long (a function runs at most 60 s). */
const DRAIN_BUDGET_MS = 30_000;

/** Minutes until the next attempt after `attempts` failures: 1, 2, 4 … capped at an hour. */
export function backoffMinutes(attempts: number): number {
  return Math.min(60, 2 ** Math.max(0, attempts - 1));
}

/** Writes the mail a queued row of a registered channel stands for, now; null: nothing to send any more. */
export type MailWriter = (db: Db, payload: unknown) => Promise<MailMessage | null>;

/**
 * Channels whose mails need what only some functions carry (the proposals' PDFs need the 16 MB CJK fonts): their
 * writer is registered by the functions that bundle it (src/server/proposals/mails.ts enableProposalMails), and a
 * drain in any other function leaves their rows for one that can write them (the every-minute drain can). So every
 * other function's bundle stays free of the fonts and the PDF code.
 */
const writers = new Map<string, MailWriter>();
export function registerMailWriter(channel: string, writer: MailWriter): void {
  writers.set(channel, writer);
}

/** The channels every drain delivers (their writers are imported above). */
const CORE_CHANNELS: string[] = [...NOTIFY_CHANNELS, STAFF_MAIL_CHANNEL, TOUR_MAIL_CHANNEL, PRIVACY_MAIL_CHANNEL];

/** A claimed row (the database's CamelCasePlugin renames raw query columns too). */
interface Claimed {
  id: string;
  /** Null for a staff mail, whose subject is its payload. */
  inquiryId: string | null;
  channel: string;
  payload: StaffMail | TourMail | PrivacyMail | null;
  attempts: number;
}

/**
 * Claims due notifications. FOR UPDATE SKIP LOCKED makes two drains running at once (two function
 * instances on Postgres/Neon) take disjoint rows, and the claim (`locked_until`) keeps a row from the
 * other drain while it is being delivered outside any transaction, so the inquiry path never waits.
 */
async function claim(db: Db, inquiryId: string | undefined): Promise<Claimed[]> {
  const onlyInquiry = inquiryId ? sql`and inquiry_id = ${inquiryId}` : sql``;
  const channels = [...CORE_CHANNELS, ...writers.keys()];
  // Due and locked are judged by the process clock (as the backoff is set), so one clock decides.
  const now = new Date();
  const result = await sql<Claimed>`
    update outbox set locked_until = ${new Date(now.getTime() + CLAIM_SECONDS * 1000)}, attempts = attempts + 1
    where id in (
      select id from outbox
      where sent_at is null and failed_at is null and next_attempt_at <= ${now}
        and (locked_until is null or locked_until < ${now}) ${onlyInquiry}
        and channel = any(${channels}::text[])
      order by next_attempt_at
      limit ${BATCH}
      for update skip locked
    )
    returning id, inquiry_id, channel, payload, attempts`.execute(db);
  return result.rows;
}

async function deliver(db: Db, row: Claimed): Promise<void> {
  const env = serverEnv();
  if (row.channel === PRIVACY_MAIL_CHANNEL) {
    const mail = row.payload as PrivacyMail | null;
    const message = mail ? await privacyMessage(db, mail) : null;
    if (!message || !mail) return;
    if (!env.smtpUrl || !env.inquiryNotifyFrom) throw new Error('SMTP_URL or INQUIRY_NOTIFY_FROM is not set any more');
    await sendMail(env.smtpUrl, env.inquiryNotifyFrom, message);
    return afterPrivacyMail(db, mail);
  }
  if (row.channel === STAFF_MAIL_CHANNEL) {
    const message = row.payload ? await staffMessage(db, row.payload as StaffMail) : null;
    if (!message) return;
    if (!env.smtpUrl || !env.inquiryNotifyFrom) throw new Error('SMTP_URL or INQUIRY_NOTIFY_FROM is not set any more');
    return sendMail(env.smtpUrl, env.inquiryNotifyFrom, message);
  }
  if (row.channel === TOUR_MAIL_CHANNEL) {
    // Written now from the tour as it is: a superseded version or a tour gone is not sent (null).
    const message = row.payload ? await tourMessage(db, row.payload as TourMail) : null;
    if (!message) return;
    if (!env.smtpUrl || !env.inquiryNotifyFrom) throw new Error('SMTP_URL or INQUIRY_NOTIFY_FROM is not set any more');
    return sendMail(env.smtpUrl, env.inquiryNotifyFrom, message);
  }
  const writer = writers.get(row.channel);
  if (writer) {
    // Written now from the records as they are: a revoked link, a replaced code or a decided round is not sent (null).
    const message = row.payload ? await writer(db, row.payload) : null;
    if (!message) return;
    if (!env.smtpUrl || !env.inquiryNotifyFrom) throw new Error('SMTP_URL or INQUIRY_NOTIFY_FROM is not set any more');
    return sendMail(env.smtpUrl, env.inquiryNotifyFrom, message);
  }
  if (!row.inquiryId) return;
  const inquiry = await findInquiry(db, row.inquiryId);
  // A destroyed inquiry's notifications are deleted with it; one claimed meanwhile is not sent.
  if (!inquiry || inquiry.destroyedAt) return;
  if (row.channel === 'webhook') {
    if (!env.inquiryWebhookUrl) throw new Error('INQUIRY_WEBHOOK_URL is not set any more');
    return postWebhook(env.inquiryWebhookUrl, webhookBody(inquiry, { includeName: (await readSettings(db)).notifyIncludesName }));
  }
  if (!env.smtpUrl || !env.inquiryNotifyFrom) throw new Error('SMTP_URL or INQUIRY_NOTIFY_FROM is not set any more');
  if (row.channel === 'confirmation') return sendMail(env.smtpUrl, env.inquiryNotifyFrom, confirmationMail(inquiry));
  if (!env.inquiryNotifyTo) throw new Error('INQUIRY_NOTIFY_TO is not set any more');
  return sendMail(env.smtpUrl, env.inquiryNotifyFrom, teamMail(inquiry, env.inquiryNotifyTo, { includeName: (await readSettings(db)).notifyIncludesName }));
}

export interface DrainResult {
  sent: number;
  retrying: number;
  failed: number;
}

/**
 * Delivers due notifications (only one inquiry's with `inquiryId`: the first attempt after its answer).
 * A failure is recorded and retried later with backoff, never thrown: it must not touch the inquiry.
 */
export async function drainOutbox(db: Db, inquiryId?: string): Promise<DrainResult> {
  const result: DrainResult = { sent: 0, retrying: 0, failed: 0 };
  const started = Date.now();
  let claimed: Claimed[];
  // Batch after batch while a backlog remains, within a function's time limit.
  do {
    claimed = await claim(db, inquiryId);
    await deliverAll(db, claimed, result);
  } while (claimed.length === BATCH && Date.now() - started < DRAIN_BUDGET_MS);
  return result;
}

async function deliverAll(db: Db, claimed: Claimed[], result: DrainResult): Promise<void> {
  for (const row of claimed) {
    try {
      await deliver(db, row);
      await db.updateTable('outbox').set({ sentAt: new Date(), lockedUntil: null, lastError: null }).where('id', '=', row.id).execute();
      result.sent++;
    } catch (error) {
      const message = (error instanceof Error ? error.message : String(error)).slice(0, 500);
      const last = row.attempts >= OUTBOX_MAX_ATTEMPTS;
      console.error(`notification ${row.channel} for ${row.inquiryId ? `inquiry ${row.inquiryId}` : (row.payload as { kind?: string } | null)?.kind}, attempt ${row.attempts}: ${message}`);
      await db
        .updateTable('outbox')
        .set({
          lockedUntil: null,
          lastError: message,
          ...(last ? { failedAt: new Date() } : { nextAttemptAt: new Date(Date.now() + backoffMinutes(row.attempts) * 60_000) }),
        })
        .where('id', '=', row.id)
        .execute();
      result[last ? 'failed' : 'retrying']++;
    }
  }
}

/**
 * The first delivery attempt of mail just queued, after the answer (Netlify's waitUntil); without it
 * (tests) it runs unawaited. A failure stays in the outbox for the scheduled drain.
 */
export function drainSoon(db: Db, context?: { waitUntil?: (promise: Promise<unknown>) => void }): void {
  const attempt = drainOutbox(db).catch((error: unknown) => console.error(error));
  context?.waitUntil?.(attempt);
}
