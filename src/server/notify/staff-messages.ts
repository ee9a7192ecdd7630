import { sql } from 'kysely';
import { localizePath, type Locale } from '../../i18n/locales.ts';
import { linkIsLive, linkToken } from '../auth/link-tokens.ts';
import type { Db } from '../db/index.ts';
import { serverEnv } from '../env.ts';
import { asLocale, serverMessages } from '../i18n.ts';
import { findInquiry } from '../inquiries/queries.ts';
import type { MailMessage } from './messages.ts';
import { accessReviewFigures, type PersonAccess } from '../audit/review.ts';
import { isExportReason, UNUSUAL_VIEWS_PER_DAY } from '../../shared/access.ts';
import type { StaffMail } from './staff-mail.ts';
import { toursOfDay } from '../tours/reminders.ts';
import { prospectLines, prospectMention, staffMailRule } from './staff-prospect.ts';
import { leaseExpiringMessage } from '../leases/mails.ts';

/** The admin panel in `locale`, on the configured site (never the request's Host), with a query or fragment. */
function adminUrl(locale: Locale, suffix = ''): string {
  return `${serverEnv().siteUrl}${localizePath(locale, '/admin')}${suffix}`;
}

function when(at: Date, locale: Locale): string {
  const tags: Record<Locale, string> = { ko: 'ko-KR', en: 'en-GB', zh: 'zh-CN', ja: 'ja-JP' };
  // Staff read mail abroad too: the time names its zone ("2026년 11월 28일 오전 10:00 (한국 시간, KST)").
  const time = new Intl.DateTimeFormat(tags[locale], { dateStyle: 'long', timeStyle: 'short', timeZone: 'Asia/Seoul' }).format(at);
  return `${time} (${serverMessages(locale)('staffMail.timeZone')})`;
}

async function person(db: Db, id: string) {
  return db.selectFrom('users').select(['id', 'username', 'displayName', 'email', 'locale', 'active', 'role']).where('id', '=', id).executeTakeFirst();
}

/** One person's lines in the monthly access review. */
function reviewLines(person: PersonAccess, t: ReturnType<typeof serverMessages>, locale: Locale): string[] {
  const reason = (code: string | null, text: string | null) => [code === null ? '' : isExportReason(code) ? t(`access.reasons.${code}`) : code, text].filter(Boolean).join(': ');
  return [
    `■ ${person.name || t('access.review.unknownPerson')}`,
    `  - ${t('access.review.viewed', { inquiries: person.inquiriesViewed, views: person.views })}`,
    `  - ${t('access.review.attachments', { n: person.attachmentLinks })}`,
    `  - ${t('access.review.privacyRequests', { n: person.privacyRequestViews })}`,
    `  - ${t('access.review.proposals', { n: person.proposalViews })}`,
    `  - ${t('access.review.proposalFiles', { n: person.proposalDownloads })}`,
    `  - ${t('access.review.exports', { n: person.exports.length })}`,
    ...person.exports.map((item) => `    · ${when(new Date(item.at), locale)} — ${t('access.review.exportLine', { count: item.count, reason: reason(item.reason, item.reasonText) })}`),
    `  - ${t('access.review.newPlaces', { n: person.newPlaces.length })}`,
    ...person.newPlaces.map((place) => `    · ${when(new Date(place.at), locale)} — ${place.address ?? t('access.review.unknownAddress')} · ${place.device ?? t('access.review.unknownDevice')}${place.newAddress ? ` (${t('access.review.newAddress')})` : ''}${place.newDevice ? ` (${t('access.review.newDevice')})` : ''}`),
    `  - ${t('access.review.unusualDays', { n: person.unusualDays.length, limit: UNUSUAL_VIEWS_PER_DAY })}`,
    ...person.unusualDays.map((day) => `    · ${day.day}: ${t('access.review.unusualDay', { n: day.inquiries })}`),
    '',
  ];
}

/**
 * The mail a queued staff mail stands for, written now in its reader's language; null when there is
 * nothing to send any more (the link was used or replaced, the person left, nothing is due).
 */
export async function staffMessage(db: Db, mail: StaffMail): Promise<MailMessage | null> {
  switch (mail.kind) {
    case 'invitation':
    case 'password-reset': {
      if (!(await linkIsLive(db, mail.linkId))) return null;
      const link = await db.selectFrom('authTokens').selectAll().where('id', '=', mail.linkId).executeTakeFirstOrThrow();
      const locale = asLocale(link.locale);
      const t = serverMessages(locale);
      const token = await linkToken(mail.kind, link.id);
      const expires = when(new Date(link.expiresAt), locale);
      if (mail.kind === 'invitation') {
        const inviter = link.createdBy ? await person(db, link.createdBy) : undefined;
        const by = inviter?.displayName || inviter?.username || 'B TOWER';
        const role = t(`staffMail.roles.${link.role ?? 'viewer'}`);
        return {
          to: link.email,
          subject: t('staffMail.invitation.subject', { by }),
          text: [
            t('staffMail.greeting', { name: link.name ?? '' }), '',
            t('staffMail.invitation.body', { by, role }), '',
            `${adminUrl(locale, `#invitation=${token}`)}`, '',
            t('staffMail.invitation.expires', { expires }), t('staffMail.ignore'),
          ].join('\n'),
        };
      }
      const user = link.userId ? await person(db, link.userId) : undefined;
      if (!user?.active) return null;
      return {
        to: link.email,
        subject: t('staffMail.reset.subject'),
        text: [
          t('staffMail.greeting', { name: user.displayName || user.username }), '',
          t('staffMail.reset.body', { username: user.username }), '',
          adminUrl(locale, `#reset=${token}`), '',
          t('staffMail.reset.expires', { expires }), t('staffMail.ignore'),
        ].join('\n'),
      };
    }
    case 'password-changed': {
      const user = await person(db, mail.userId);
      if (!user?.email) return null;
      const locale = asLocale(user.locale);
      const t = serverMessages(locale);
      return {
        to: user.email,
        subject: t('staffMail.passwordChanged.subject'),
        text: [t('staffMail.greeting', { name: user.displayName || user.username }), '', t('staffMail.passwordChanged.body', { username: user.username, at: when(new Date(), locale) })].join('\n'),
      };
    }
    case 'assigned':
    case 'reminder': {
      const [user, inquiry] = await Promise.all([person(db, mail.userId), findInquiry(db, mail.inquiryId)]);
      // Destroyed or suspended (issue 24): nobody is reminded of it any more.
      if (!user?.active || !user.email || !inquiry || inquiry.destroyedAt || inquiry.suspendedAt) return null;
      // A reminder no longer applies once someone answered; an assignment once it went to someone else.
      if (mail.kind === 'reminder' && inquiry.status !== 'new') return null;
      if (mail.kind === 'assigned' && inquiry.assigneeId !== user.id) return null;
      const locale = asLocale(user.locale);
      const t = serverMessages(locale);
      const head = mail.kind === 'assigned' ? t('staffMail.assigned.body', { by: mail.by }) : t('staffMail.reminder.body', { hours: mail.hours });
      // Reference, space and link; the name only by the owner's rule (staff-prospect.ts).
      const prospect = prospectMention(inquiry, locale, await staffMailRule(db));
      return {
        to: user.email,
        subject: t(mail.kind === 'assigned' ? 'staffMail.assigned.subject' : 'staffMail.reminder.subject', { prospect: prospect.label }),
        text: [head, '', ...prospectLines(prospect, locale), t('staffMail.prospect.detailsInPanel'), '', `${t('mail.team.open')}: ${adminUrl(locale, `?inquiry=${inquiry.id}`)}`].join('\n'),
      };
    }
    case 'lease-expiring':
      return leaseExpiringMessage(db, mail);
    case 'deactivated': {
      const [gone, owner] = await Promise.all([person(db, mail.userId), person(db, mail.ownerId)]);
      if (!gone || !owner?.active || !owner.email) return null;
      const locale = asLocale(owner.locale);
      const t = serverMessages(locale);
      const name = gone.displayName || gone.username;
      return {
        to: owner.email,
        subject: t('staffMail.deactivated.subject', { name }),
        text: [t('staffMail.deactivated.body', { name, n: mail.handedBack }), '', adminUrl(locale, '?assignee=none')].join('\n'),
      };
    }
    case 'access-review': {
      const user = await person(db, mail.userId);
      if (!user?.active || !user.email || user.role !== 'owner') return null;
      const locale = asLocale(user.locale);
      const t = serverMessages(locale);
      const people = await accessReviewFigures(db, mail.month);
      return {
        to: user.email,
        subject: t('access.review.subject', { month: mail.month }),
        text: [
          t('staffMail.greeting', { name: user.displayName || user.username }), '',
          t('access.review.body', { month: mail.month }), '',
          ...(people.length > 0 ? people.flatMap((one) => reviewLines(one, t, locale)) : [t('access.review.nothing'), '']),
          t('access.review.markDone'), adminUrl(locale),
        ].join('\n'),
      };
    }
    case 'digest': {
      const user = await person(db, mail.userId);
      if (!user?.active || !user.email) return null;
      const due = await db
        .selectFrom('inquiries')
        .select(['id', 'name', 'unitFloor', 'unitNumber', 'desiredFloors', 'status', sql<string>`to_char(next_step_on, 'YYYY-MM-DD')`.as('nextStep')])
        .where('assigneeId', '=', user.id)
        .where('status', 'not in', ['won', 'lost'])
        .where('suspendedAt', 'is', null)
        .where('destroyedAt', 'is', null)
        .where(sql<boolean>`next_step_on <= ${mail.day}::date`)
        .orderBy('nextStepOn')
        .orderBy('createdAt')
        .limit(100)
        .execute();
      const tours = await toursOfDay(db, user.id, mail.day);
      if (due.length === 0 && tours.length === 0) return null;
      const locale = asLocale(user.locale);
      const t = serverMessages(locale);
      const rule = await staffMailRule(db);
      const mention = (row: { id: string; name: string | null; unitFloor?: string | null; unitNumber?: string | null; desiredFloors?: string[] | null }) => {
        const { label, space } = prospectMention({ ...row, unit: row.unitFloor && row.unitNumber ? { floor: row.unitFloor, unitNumber: row.unitNumber } : null }, locale, rule);
        return space ? `${label} · ${space}` : label;
      };
      const lines = due.map((row) => `- ${mention(row)} · ${t(`inbox.status.${row.status}`)} · ${row.nextStep} — ${adminUrl(locale, `?inquiry=${row.id}`)}`);
      const clock = new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: 'Asia/Seoul' });
      const tourLines = tours.map((row) => `- ${clock.format(new Date(row.startsAt))}–${clock.format(new Date(row.endsAt))} ${mention({ id: row.inquiryId, name: row.name, unitFloor: row.unitFloor, unitNumber: row.unitNumber })} — ${adminUrl(locale, `?inquiry=${row.inquiryId}`)}`);
      return {
        to: user.email,
        subject: due.length > 0 ? t('staffMail.digest.subject', { n: due.length, day: mail.day }) : t('tours.mail.digestSubject', { n: tours.length, day: mail.day }),
        text: [
          t('staffMail.greeting', { name: user.displayName || user.username }), '',
          ...(due.length > 0 ? [t('staffMail.digest.body', { n: due.length }), '', ...lines] : []),
          ...(tours.length > 0 ? [...(due.length > 0 ? [''] : []), t('tours.mail.digestTours'), '', ...tourLines] : []),
        ].join('\n'),
      };
    }
  }
}
