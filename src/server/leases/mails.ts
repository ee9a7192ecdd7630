import { sql } from 'kysely';
import type { Locale } from '../../i18n/locales.ts';
import { localizePath } from '../../i18n/locales.ts';
import { leaseEndsOn, renewalFacts } from '../../shared/leases/dates.ts';
import type { LeaseUnit } from '../../shared/leases/lease.ts';
import type { Trx } from '../audit/actor.ts';
import type { Db } from '../db/index.ts';
import { serverEnv } from '../env.ts';
import { asLocale } from '../i18n.ts';
import { findInquiry } from '../inquiries/queries.ts';
import type { MailMessage } from '../notify/messages.ts';
import { queueStaffMail } from '../notify/staff-mail.ts';
import { prospectLines, prospectMention, staffMailRule } from '../notify/staff-prospect.ts';
import { firstCommencement } from './records.ts';
import { leaseMessages } from './words.ts';

/**
 * The mail a lease sends when it enters "expiring" (issue 40): to every owner and to the lease's agent, once each
 * (the outbox's dedupe key). Under the staff mail rule (src/server/notify/staff-prospect.ts): the inquiry's
 * reference, the spaces and the link — the name only when the owner allows it; never the tenant's people.
 */
export async function queueLeaseExpiringMails(trx: Trx, leaseId: string): Promise<number> {
  const lease = await trx.selectFrom('leases').select(['agentId']).where('id', '=', leaseId).executeTakeFirstOrThrow();
  const people = await trx
    .selectFrom('users')
    .select('id')
    .where('active', '=', true)
    .where((eb) => eb.or([eb('role', '=', 'owner'), ...(lease.agentId ? [eb('id', '=', lease.agentId)] : [])]))
    .orderBy('id')
    .execute();
  let queued = 0;
  for (const person of people) {
    if (await queueStaffMail(trx, { kind: 'lease-expiring', leaseId, userId: person.id }, `lease-expiring:${leaseId}:${person.id}`)) queued++;
  }
  return queued;
}

const formatDay = (day: string, locale: Locale) =>
  new Intl.DateTimeFormat({ ko: 'ko-KR', en: 'en-GB', zh: 'zh-CN', ja: 'ja-JP' }[locale], { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${day}T00:00:00Z`));

/** The expiring mail in its reader's language, written when it is sent; null when it no longer applies. */
export async function leaseExpiringMessage(db: Db, mail: { leaseId: string; userId: string }): Promise<MailMessage | null> {
  const [user, lease] = await Promise.all([
    db.selectFrom('users').select(['email', 'locale', 'active']).where('id', '=', mail.userId).executeTakeFirst(),
    db.selectFrom('leases')
      .select(['id', 'inquiryId', 'status', 'units', 'renewalOf',
        sql<string>`to_char(expires_on, 'YYYY-MM-DD')`.as('expiresOn'), sql<string | null>`to_char(terminates_on, 'YYYY-MM-DD')`.as('terminatesOn'),
        sql<string>`to_char(commencement_on, 'YYYY-MM-DD')`.as('commencementOn')])
      .where('id', '=', mail.leaseId)
      .executeTakeFirst(),
  ]);
  // Renewed or ended meanwhile: nothing to say any more.
  if (!user?.active || !user.email || !lease || lease.status !== 'expiring') return null;
  const locale = asLocale(user.locale);
  const w = leaseMessages(locale);
  const inquiry = await findInquiry(db, lease.inquiryId);
  const units = (lease.units ?? []) as LeaseUnit[];
  const prospect = prospectMention(inquiry ?? { id: lease.inquiryId, name: null }, locale, await staffMailRule(db), units);
  const endsOn = leaseEndsOn(lease);
  const renewal = renewalFacts(lease.expiresOn, await firstCommencement(db, lease));
  const lines = [
    w(lease.terminatesOn ? 'leases.mail.expiring.bodyTerminated' : 'leases.mail.expiring.body', { spaces: prospect.space ?? '—', date: formatDay(endsOn, locale) }),
    '',
    ...prospectLines(prospect, locale),
    ...(lease.terminatesOn ? [] : [
      `${w('leases.mail.expiring.window')}: ${formatDay(renewal.windowOpensOn, locale)} – ${formatDay(renewal.windowClosesOn, locale)}`,
      `${w('leases.mail.expiring.tenYears')}: ${formatDay(renewal.tenYearsOn, locale)}`,
    ]),
    w('leases.mail.expiring.availableFrom', { date: formatDay(new Date(Date.parse(`${endsOn}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10), locale) }),
    '',
    `${w('leases.mail.expiring.open')}: ${serverEnv().siteUrl}${localizePath(locale, '/admin')}?lease=${lease.id}`,
  ];
  return {
    to: user.email,
    subject: w('leases.mail.expiring.subject', { spaces: prospect.space ?? prospect.label, date: formatDay(endsOn, locale) }),
    text: lines.join('\n'),
  };
}
