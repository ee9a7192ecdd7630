import koDirections from '../../../content/directions/ko.json' with { type: 'json' };
import enDirections from '../../../content/directions/en.json' with { type: 'json' };
import zhDirections from '../../../content/directions/zh.json' with { type: 'json' };
import jaDirections from '../../../content/directions/ja.json' with { type: 'json' };
import directionsData from '../../../content/directions/data.json' with { type: 'json' };
import { localizePath, type Locale } from '../../i18n/locales.ts';
import { spacePath } from '../../shared/share-paths.ts';
import { spaceName } from '../../shared/units/space-name.ts';
import type { Db } from '../db/index.ts';
import { serverEnv } from '../env.ts';
import { asLocale, serverMessages } from '../i18n.ts';
import type { MailMessage } from '../notify/messages.ts';
import { googleCalendarLink, invitationText, outlookCalendarLink, tourUid, type CalendarEvent, type CalendarPerson } from './calendar.ts';
import type { TourMail } from './mail-queue.ts';
import { prospectMention, staffMailRule } from '../notify/staff-prospect.ts';
import { listText } from '../../i18n/list.ts';
import { phoneText } from '../../content/phone.ts';

const DIRECTIONS: Record<Locale, { address: string; addressDetail: string; parking: string }> = { ko: koDirections, en: enDirections, zh: zhDirections, ja: jaDirections };
const INTL: Record<Locale, string> = { ko: 'ko-KR', en: 'en-GB', zh: 'zh-CN', ja: 'ja-JP' };

/** The building's address, map link, phone and where to park in `locale`, from content/directions (as /directions says them). */
export function buildingFacts(locale: Locale) {
  const text = DIRECTIONS[locale];
  // The phone as dialled from where the reader is: Korean mails the local form, the others +82 (content/phone.ts).
  return { address: `${text.address}, ${text.addressDetail}`, mapUrl: directionsData.mapLinkUrl, phone: phoneText(directionsData.phone, locale), parking: text.parking };
}

/** The default meeting point (content: tours.content.meetingPoint) in `locale`. */
export function defaultMeetingPoint(locale: Locale): string {
  return serverMessages(locale)('tours.content.meetingPoint');
}

/** "Tuesday 1 December 2026, 10:00–10:30" in Seoul's wall clock, in `locale`. */
export function tourWhen(startsAt: Date, endsAt: Date, locale: Locale): string {
  const day = new Intl.DateTimeFormat(INTL[locale], { dateStyle: 'full', timeZone: 'Asia/Seoul' }).format(startsAt);
  const time = new Intl.DateTimeFormat(INTL[locale], { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: 'Asia/Seoul' });
  return `${day} ${time.format(startsAt)}–${time.format(endsAt)}`;
}

function shortWhen(at: Date, locale: Locale): string {
  return new Intl.DateTimeFormat(INTL[locale], { month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: 'Asia/Seoul' }).format(at);
}

/** The sender (INQUIRY_NOTIFY_FROM) as a name and an address: the invitation's organizer. */
export function organizerOf(from: string): CalendarPerson {
  const match = /^\s*"?([^"<]*?)"?\s*<([^>]+)>\s*$/.exec(from);
  return match ? { name: match[1]!.trim() || 'B TOWER', email: match[2]!.trim() } : { name: 'B TOWER', email: from.trim() };
}

/** What a tour mail is written from: the tour as it is now, its inquiry, host and spaces. */
export async function tourFacts(db: Db, tourId: string) {
  const row = await db
    .selectFrom('tours as t')
    .innerJoin('inquiries as i', 'i.id', 't.inquiryId')
    .innerJoin('users as h', 'h.id', 't.hostId')
    .select([
      't.id', 't.inquiryId', 't.status', 't.startsAt', 't.endsAt', 't.unitIds', 't.meetingPoint', 't.messageToProspect', 't.internalNotes', 't.locale', 't.sequence', 't.cancelReason', 't.hostId',
      'i.name as prospectName', 'i.email as prospectEmail', 'i.company', 'i.suspendedAt', 'i.destroyedAt',
      'h.displayName as hostDisplayName', 'h.username as hostUsername', 'h.email as hostEmail', 'h.locale as hostLocale', 'h.active as hostActive',
    ])
    .where('t.id', '=', tourId)
    .executeTakeFirst();
  if (!row) return null;
  const units = row.unitIds.length
    ? await db.selectFrom('units').select(['id', 'floor', 'unitNumber']).where('id', 'in', row.unitIds).execute()
    : [];
  const ordered = row.unitIds.map((id) => units.find((unit) => unit.id === id)).filter((unit) => unit !== undefined);
  return { ...row, startsAt: new Date(row.startsAt), endsAt: new Date(row.endsAt), hostName: row.hostDisplayName || row.hostUsername, units: ordered };
}
export type TourFacts = NonNullable<Awaited<ReturnType<typeof tourFacts>>>;

/** The calendar event of a tour in `locale`: summary, place (address + meeting point) and a short description. */
export function tourEvent(facts: TourFacts, locale: Locale, sequence: number): CalendarEvent {
  const t = serverMessages(locale);
  const building = buildingFacts(locale);
  const meetingPoint = facts.meetingPoint || defaultMeetingPoint(locale);
  const spaces = listText(INTL[locale], facts.units.map((unit) => spaceName(t, unit)));
  return {
    uid: tourUid(facts.id, serverEnv().siteUrl),
    sequence,
    startsAt: facts.startsAt,
    endsAt: facts.endsAt,
    summary: `${t('tours.mail.summary')}${spaces ? ` (${spaces})` : ''}`,
    location: `${building.address} — ${meetingPoint}`,
    description: [`${t('tours.mail.host')}: ${facts.hostName}`, `${t('tours.mail.map')}: ${building.mapUrl}`, t('tours.mail.contact', { phone: building.phone })].join('\n'),
    url: `${serverEnv().siteUrl}${localizePath(locale, '/')}`,
  };
}

/** Lines saying when and where, the way in, parking, the host and the spaces with their pages. */
function visitLines(facts: TourFacts, locale: Locale, event: CalendarEvent): string[] {
  const t = serverMessages(locale);
  const building = buildingFacts(locale);
  const site = serverEnv().siteUrl;
  return [
    `${t('tours.mail.when')}: ${tourWhen(facts.startsAt, facts.endsAt, locale)} (${t('tours.mail.kst')}, KST)`,
    `${t('tours.mail.where')}: ${building.address}`,
    `${t('tours.mail.meetingPoint')}: ${facts.meetingPoint || defaultMeetingPoint(locale)}`,
    `${t('tours.mail.map')}: ${building.mapUrl}`,
    `${t('tours.mail.howToGetIn')}: ${t('tours.content.howToGetIn')}`,
    `${t('tours.mail.parking')}: ${building.parking}`,
    `${t('tours.mail.host')}: ${facts.hostName}`,
    `${t('tours.mail.spaces')}:`,
    ...facts.units.map((unit) => `- ${spaceName(t, unit)}: ${site}${localizePath(locale, spacePath(unit))}`),
    '',
    `${t('tours.mail.addGoogle')}: ${googleCalendarLink(event)}`,
    `${t('tours.mail.addOutlook')}: ${outlookCalendarLink(event)}`,
  ];
}

const adminLink = (locale: Locale, inquiryId: string) => `${serverEnv().siteUrl}${localizePath(locale, '/admin')}?inquiry=${inquiryId}`;

/**
 * The mail a queued tour mail stands for, written now; null when there is nothing to send any more:
 * a newer version of the invitation superseded it, the tour is no longer scheduled (for a reminder),
 * the host left or has no address. `now` stamps the calendar (DTSTAMP).
 */
export async function tourMessage(db: Db, mail: TourMail, now = new Date()): Promise<MailMessage | null> {
  const found = await tourFacts(db, mail.tourId);
  const env = serverEnv();
  if (!found || !env.inquiryNotifyFrom) return null;
  // A destroyed inquiry leaves no one to write to and a suspended one takes no new processing (processing-guard.ts):
  // only the hosts' cancellations of its tours still go out (they need nothing of the prospect).
  const stopped = Boolean(found.destroyedAt || found.suspendedAt);
  if (stopped && !(mail.kind === 'invite' && mail.to === 'host' && mail.method === 'CANCEL')) return null;
  if (!stopped && (found.prospectName === null || found.prospectEmail === null)) return null;
  const facts = { ...found, prospectName: found.prospectName ?? '', prospectEmail: found.prospectEmail ?? '' };
  const organizer = organizerOf(env.inquiryNotifyFrom);
  const prospect = { name: facts.prospectName, email: facts.prospectEmail };
  const host = { name: facts.hostName, email: facts.hostEmail ?? organizer.email };
  switch (mail.kind) {
    case 'invite': {
      if (facts.sequence !== mail.sequence) return null;
      const toHost = mail.to === 'host';
      let recipient = prospect;
      let hostPerson = host;
      if (toHost) {
        const user = await db.selectFrom('users').select(['displayName', 'username', 'email', 'active', 'locale']).where('id', '=', mail.userId).executeTakeFirst();
        if (!user?.active || !user.email) return null;
        recipient = { name: user.displayName || user.username, email: user.email };
        // A host replaced by a reschedule gets the cancellation naming themselves as the host.
        if (mail.userId !== facts.hostId) hostPerson = recipient;
      }
      const locale = toHost ? asLocale((await db.selectFrom('users').select('locale').where('id', '=', mail.userId).executeTakeFirst())?.locale) : asLocale(facts.locale);
      const t = serverMessages(locale);
      const event = tourEvent(facts, locale, mail.sequence);
      // The host's copy lists the host alone: the prospect's address stays out of staff mailboxes (staff-prospect.ts).
      const content = `${invitationText(event, mail.method, { organizer, prospect: toHost ? null : prospect, host: hostPerson }, now)}\r\n`;
      const when = shortWhen(facts.startsAt, locale);
      const cancel = mail.method === 'CANCEL';
      // A reschedule that moved the time says so in its subject, and from when (the time the reader was last told).
      const movedFrom = !cancel && mail.previous && (Date.parse(mail.previous.startsAt) !== facts.startsAt.getTime() || Date.parse(mail.previous.endsAt) !== facts.endsAt.getTime())
        ? `${t('tours.mail.before')}: ${tourWhen(new Date(mail.previous.startsAt), new Date(mail.previous.endsAt), locale)} (${t('tours.mail.kst')}, KST)`
        : null;
      let subject: string;
      let body: string[];
      if (toHost) {
        // Reference and spaces, the name only by the owner's rule; no company, notes or reason (they are in the panel).
        const mention = prospectMention({ id: facts.inquiryId, name: found.prospectName }, locale, await staffMailRule(db), facts.units);
        subject = t(cancel ? 'tours.mail.hostCancelSubject' : movedFrom ? 'tours.mail.hostMovedSubject' : 'tours.mail.hostSubject', { when, prospect: mention.label });
        body = [
          t(cancel ? 'tours.mail.hostCancelBody' : 'tours.mail.hostBody'), '',
          `${t('tours.mail.prospect')}: ${mention.label}`,
          ...(movedFrom ? [movedFrom] : []),
          ...visitLines(facts, locale, event).slice(0, 8),
          ...facts.units.map((unit) => `- ${spaceName(t, unit)}`),
          '', t('staffMail.prospect.detailsInPanel'),
          '', `${t('tours.mail.open')}: ${adminLink(locale, facts.inquiryId)}`,
        ];
      } else {
        const kind = cancel ? 'cancel' : mail.sequence === 0 ? 'invite' : movedFrom ? 'moved' : 'update';
        subject = t(`tours.mail.${kind}Subject`, { when });
        body = [
          t('tours.mail.greeting', { name: facts.prospectName }), '',
          t(`tours.mail.${kind}Body`), '',
          ...(movedFrom ? [movedFrom] : []),
          ...(cancel ? [`${t('tours.mail.when')}: ${tourWhen(facts.startsAt, facts.endsAt, locale)} (${t('tours.mail.kst')}, KST)`] : visitLines(facts, locale, event)),
          ...(!cancel && facts.messageToProspect ? ['', `${t('tours.mail.message')}:`, facts.messageToProspect] : []),
          '', t('tours.mail.contact', { phone: buildingFacts(locale).phone }),
        ];
      }
      return { to: recipient.email, replyTo: organizer.email, subject, text: body.join('\n'), icalEvent: { method: mail.method, content, filename: 'invite.ics' } };
    }
    case 'prospect-reminder': {
      if (facts.status !== 'scheduled' || facts.sequence !== mail.sequence) return null;
      const locale = asLocale(facts.locale);
      const t = serverMessages(locale);
      const time = new Intl.DateTimeFormat(INTL[locale], { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: 'Asia/Seoul' }).format(facts.startsAt);
      const event = tourEvent(facts, locale, facts.sequence);
      return {
        to: prospect.email,
        replyTo: organizer.email,
        subject: t('tours.mail.reminderSubject', { time }),
        text: [t('tours.mail.greeting', { name: facts.prospectName }), '', t('tours.mail.reminderBody'), '', ...visitLines(facts, locale, event), '', t('tours.mail.contact', { phone: buildingFacts(locale).phone })].join('\n'),
      };
    }
    case 'outcome-reminder': {
      if (facts.status !== 'scheduled' || facts.hostId !== mail.userId || !facts.hostActive || !facts.hostEmail) return null;
      const locale = asLocale(facts.hostLocale);
      const t = serverMessages(locale);
      const mention = prospectMention({ id: facts.inquiryId, name: facts.prospectName }, locale, await staffMailRule(db), facts.units);
      return {
        to: facts.hostEmail,
        subject: t('tours.mail.outcomeSubject', { prospect: mention.label }),
        text: [t('tours.mail.outcomeBody', { when: tourWhen(facts.startsAt, facts.endsAt, locale) }), '', adminLink(locale, facts.inquiryId)].join('\n'),
      };
    }
  }
}
