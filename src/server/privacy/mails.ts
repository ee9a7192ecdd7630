import { localizePath, type Locale } from '../../i18n/locales.ts';
import type { Db } from '../db/index.ts';
import { serverEnv } from '../env.ts';
import { asLocale, serverMessages } from '../i18n.ts';
import type { MailMessage } from '../notify/messages.ts';
import type { PrivacyMail } from './mail-kinds.ts';
import { requestToken } from './requests.ts';
import { PER_INQUIRY } from './personal-data.ts';

/**
 * Visitor text in a plain-text mail: no control characters (a stray CR or escape cannot fake a header or a line),
 * each line indented so nothing the visitor wrote can pass for our own text.
 */
export function mailText(value: string | null | undefined): string {
  return String(value ?? '')
    .replace(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u2028\u2029]/g, ' ')
    .split('\n')
    .map((line) => `    ${line}`)
    .join('\n');
}

function day(at: Date | string, locale: Locale): string {
  const tags: Record<Locale, string> = { ko: 'ko-KR', en: 'en-GB', zh: 'zh-CN', ja: 'ja-JP' };
  return new Intl.DateTimeFormat(tags[locale], { dateStyle: 'long', timeZone: 'Asia/Seoul' }).format(new Date(at));
}

/**
 * What we hold about each of the request's inquiries, entry by entry of the personal-data map (the list the
 * destruction reads): the inquiry, its handling, tours, attachments, notifications and activity log.
 */
async function copyLines(db: Db, ids: string[], t: ReturnType<typeof serverMessages>, locale: Locale): Promise<string[]> {
  const lines: string[] = [];
  for (const id of ids) {
    const inquiry = await db.selectFrom('inquiries').select(['createdAt', 'destroyedAt', 'attachments']).where('id', '=', id).executeTakeFirst();
    if (!inquiry || inquiry.destroyedAt) continue;
    lines.push(`— ${t('privacyRequests.mail.copyInquiry', { day: day(inquiry.createdAt, locale) })}`, '');
    const target = { id, attachments: inquiry.attachments ?? [] };
    for (const entry of PER_INQUIRY) {
      const held = await entry.copy(target, { db, t, locale });
      if (held.length === 0) continue;
      lines.push(`[${t(`privacyRequests.copy.sections.${entry.section}`)}]`);
      for (const item of held) lines.push(`${item.label}:`, mailText(item.value));
      lines.push('');
    }
  }
  return lines;
}

/** The mail a queued privacy mail stands for, written now; null when there is nothing to send any more. */
export async function privacyMessage(db: Db, mail: PrivacyMail): Promise<MailMessage | null> {
  const request = await db.selectFrom('privacyRequests').selectAll().where('id', '=', mail.requestId).executeTakeFirst();
  if (!request) return null;
  const site = serverEnv().siteUrl;
  if (mail.kind === 'overdue') {
    const owner = await db.selectFrom('users').select(['email', 'locale', 'active']).where('id', '=', mail.userId).executeTakeFirst();
    if (!owner?.email || !owner.active || request.status !== 'open') return null;
    const locale = asLocale(owner.locale);
    const t = serverMessages(locale);
    return {
      to: owner.email,
      subject: t('privacyRequests.mail.overdueSubject'),
      text: [t('privacyRequests.mail.overdueBody', { kind: t(`privacyRequests.kinds.${request.kind}`), due: day(request.dueAt!, locale) }), '', `${site}${localizePath(locale, '/admin')}#privacy-requests`].join('\n'),
    };
  }
  if (!request.email) return null;
  const locale = asLocale(request.lang);
  const t = serverMessages(locale);
  const kind = t(`privacyRequests.kinds.${request.kind}`);
  const signature = ['', '— B TOWER', `${site}${localizePath(locale, '/privacy/request/')}`];
  if (mail.kind === 'confirm') {
    if (request.status !== 'unconfirmed' || new Date(request.expiresAt) <= new Date()) return null;
    const link = `${site}${localizePath(locale, '/privacy/request/confirm/')}#token=${await requestToken(request.id)}`;
    return {
      to: request.email,
      subject: t('privacyRequests.mail.confirmSubject'),
      text: [t('privacyRequests.mail.confirmBody', { kind }), '', link, '', t('privacyRequests.mail.confirmIgnore'), ...signature].join('\n'),
    };
  }
  if (mail.kind === 'copy') {
    return {
      to: request.email,
      subject: t('privacyRequests.mail.copySubject'),
      text: [
        t('privacyRequests.mail.copyBody'), '', ...(await copyLines(db, request.inquiryIds ?? [], t, locale)),
        ...(request.outcomeNote ? [`${t('privacyRequests.mail.note')}:`, mailText(request.outcomeNote)] : []),
        ...signature,
      ].join('\n'),
    };
  }
  const outcome = request.outcome ?? 'close';
  return {
    to: request.email,
    subject: t('privacyRequests.mail.outcomeSubject', { kind }),
    text: [
      t(`privacyRequests.mail.outcome.${outcome}`),
      ...(request.outcomeNote ? ['', `${t('privacyRequests.mail.note')}:`, mailText(request.outcomeNote)] : []),
      ...signature,
    ].join('\n'),
  };
}

/**
 * After a mail was sent: the outcome was the last thing the requester's address was needed for, so it is cleared
 * with their details and the owner's note (the request's kind, dates and outcome stay, as a record).
 */
export async function afterPrivacyMail(db: Db, mail: PrivacyMail): Promise<void> {
  if (mail.kind !== 'outcome' && mail.kind !== 'copy') return;
  await db.updateTable('privacyRequests').set({ email: null, details: null, outcomeNote: null }).where('id', '=', mail.requestId).where('status', '=', 'closed').execute();
}
