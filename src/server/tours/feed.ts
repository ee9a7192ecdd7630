import { randomUUID } from 'node:crypto';
import { maskCompany } from '../../shared/masking.ts';
import { can, isRole } from '../../shared/roles.ts';
import type { Db } from '../db/index.ts';
import { serverEnv } from '../env.ts';
import { linkTokenHash } from '../auth/link-tokens.ts';
import { linkDigest } from '../objects/signing.ts';
import { asLocale, serverMessages } from '../i18n.ts';
import { feedText, tourUid, type CalendarEvent } from './calendar.ts';
import { buildingFacts, defaultMeetingPoint } from './messages.ts';
import { spaceName } from '../../shared/units/space-name.ts';

/** Past tours a feed still shows (a calendar keeps what it saw; a day back is enough for today's). */
const FEED_PAST_MS = 86_400_000;
const FEED_MAX_EVENTS = 500;

/** A feed's secret: an HMAC of the feed's id under the server's signing key (only its sha256 is stored). */
async function feedToken(id: string): Promise<string> {
  return (await linkDigest(`calendar-feed\n${id}`)).toString('base64url');
}

function feedUrl(token: string): string {
  return `${serverEnv().siteUrl}/api/calendar-feed/${token}`;
}

/** The person's feed address, made on first ask (GET /api/admin/me/calendar-feed). */
export async function calendarFeedUrl(db: Db, userId: string): Promise<string> {
  let row = await db.selectFrom('calendarFeeds').select('id').where('userId', '=', userId).executeTakeFirst();
  if (!row) {
    const id = randomUUID();
    await db.insertInto('calendarFeeds').values({ userId, id, tokenHash: linkTokenHash(await feedToken(id)) }).onConflict((conflict) => conflict.column('userId').doNothing()).execute();
    row = await db.selectFrom('calendarFeeds').select('id').where('userId', '=', userId).executeTakeFirstOrThrow();
  }
  return feedUrl(await feedToken(row.id));
}

/** A new address; the old one answers 404 from now on (POST …/calendar-feed/rotate). */
export async function rotateCalendarFeed(db: Db, userId: string): Promise<string> {
  const id = randomUUID();
  const tokenHash = linkTokenHash(await feedToken(id));
  await db
    .insertInto('calendarFeeds')
    .values({ userId, id, tokenHash })
    .onConflict((conflict) => conflict.column('userId').doUpdateSet({ id, tokenHash, createdAt: new Date() }))
    .execute();
  return feedUrl(await feedToken(id));
}

/**
 * The feed behind a token: the person's upcoming scheduled tours with company (masked for a reader who may not
 * read it whole) and spaces, no phone or address of anyone; null for an unknown or replaced token or an
 * inactive account.
 */
export async function calendarFeedText(db: Db, token: string, now = new Date()): Promise<string | null> {
  const owner = await db
    .selectFrom('calendarFeeds as f')
    .innerJoin('users as u', 'u.id', 'f.userId')
    .select(['u.id', 'u.locale', 'u.role'])
    .where('f.tokenHash', '=', linkTokenHash(token))
    .where('u.active', '=', true)
    .executeTakeFirst();
  if (!owner) return null;
  const locale = asLocale(owner.locale);
  const t = serverMessages(locale);
  // The feed follows its reader's role as the inbox does (issue 38): whoever may not read a prospect unmasked — a
  // viewer, one demoted since the address was made — reads the company masked. The role is read at every poll.
  const company = (name: string | null) => (name === null ? '—' : can(isRole(owner.role) ? owner.role : 'viewer', 'inquiries.personal') ? name : maskCompany(name));
  const rows = await db
    .selectFrom('tours as t')
    .innerJoin('inquiries as i', 'i.id', 't.inquiryId')
    .select(['t.id', 't.startsAt', 't.endsAt', 't.sequence', 't.unitIds', 't.meetingPoint', 't.inquiryId', 'i.company'])
    .where('t.hostId', '=', owner.id)
    .where('t.status', '=', 'scheduled')
    .where('t.endsAt', '>', new Date(now.getTime() - FEED_PAST_MS))
    .orderBy('t.startsAt')
    .limit(FEED_MAX_EVENTS)
    .execute();
  const unitIds = [...new Set(rows.flatMap((row) => row.unitIds))];
  const units = unitIds.length ? await db.selectFrom('units').select(['id', 'floor', 'unitNumber']).where('id', 'in', unitIds).execute() : [];
  const names = new Map(units.map((unit) => [unit.id, spaceName(t, unit)]));
  const site = serverEnv().siteUrl;
  const events: CalendarEvent[] = rows.map((row) => {
    const spaces = row.unitIds.map((id) => names.get(id)).filter(Boolean).join(', ');
    return {
      uid: tourUid(row.id, site),
      sequence: row.sequence,
      startsAt: new Date(row.startsAt),
      endsAt: new Date(row.endsAt),
      summary: `${t('tours.mail.summary')}: ${company(row.company)}${spaces ? ` (${spaces})` : ''}`,
      location: `${buildingFacts(locale).address} — ${row.meetingPoint || defaultMeetingPoint(locale)}`,
      description: `${t('tours.mail.spaces')}: ${spaces}`,
      url: `${site}/admin?inquiry=${row.inquiryId}`,
    };
  });
  return `${feedText('B TOWER', events, now)}\r\n`;
}
