import { localizePath, type Locale } from '../../i18n/locales.ts';
import type { RuleResult } from '../../shared/proposals/approval-rules.ts';
import type { Db } from '../db/index.ts';
import { serverEnv } from '../env.ts';
import { asLocale, serverMessages } from '../i18n.ts';
import type { MailMessage } from '../notify/messages.ts';
import { prospectLines, prospectMention, staffMailRule } from '../notify/staff-prospect.ts';
import { registerMailWriter } from '../notify/outbox.ts';
import { PROPOSAL_MAIL_CHANNEL, type ProposalMail } from './mail-queue.ts';
import { parsed } from './records.ts';
import { prospectMessage } from './prospect-mails.ts';

/**
 * The mail a queued proposal mail stands for, written now in its reader's language; null when there is nothing to
 * send any more (the link was revoked or used, the code replaced, the person left, the inquiry destroyed). Staff mails
 * name the prospect by privacy's rule (reference, spaces, link — src/server/notify/staff-prospect.ts); the prospect's
 * own mails are in prospect-mails.ts.
 */
/**
 * Lets this process's drains deliver proposal mails: called by the functions that bundle the PDF renderer and its
 * fonts (proposals, proposal-links, outbox-drain, deal-dates); every other function's drain leaves these rows to them.
 */
export function enableProposalMails(): void {
  registerMailWriter(PROPOSAL_MAIL_CHANNEL, (db, payload) => proposalMessage(db, payload as ProposalMail));
}

export async function proposalMessage(db: Db, mail: ProposalMail): Promise<MailMessage | null> {
  switch (mail.kind) {
    case 'proposal':
    case 'code':
    case 'certificate':
      return prospectMessage(db, mail);
    default:
      return staffMessage(db, mail);
  }
}

const adminLink = (locale: Locale, inquiryId: string) => `${serverEnv().siteUrl}${localizePath(locale, '/admin')}?inquiry=${inquiryId}`;

function when(at: Date, locale: Locale): string {
  const tags: Record<Locale, string> = { ko: 'ko-KR', en: 'en-GB', zh: 'zh-CN', ja: 'ja-JP' };
  return `${new Intl.DateTimeFormat(tags[locale], { dateStyle: 'long', timeStyle: 'short', timeZone: 'Asia/Seoul' }).format(at)} (${serverMessages(locale)('staffMail.timeZone')})`;
}

/** One line per rule an approval round hit, in the reader's language. */
export function ruleLines(rules: readonly RuleResult[], locale: Locale): string[] {
  const t = serverMessages(locale);
  const number = new Intl.NumberFormat(locale === 'ko' ? 'ko-KR' : locale === 'ja' ? 'ja-JP' : locale === 'zh' ? 'zh-CN' : 'en-GB');
  return rules.filter((rule) => rule.hit).map((rule) => {
    if (rule.rule === 'discount' && rule.value === null) return `- ${t('proposals.rules.discountNoAsking')}`;
    const value = typeof rule.value === 'number' ? number.format(rule.value) : '';
    return `- ${t(`proposals.rules.${rule.rule}`, { value, limit: typeof rule.limit === 'number' ? number.format(rule.limit) : '' })}`;
  });
}

async function staffMessage(db: Db, mail: Exclude<ProposalMail, { kind: 'proposal' | 'code' | 'certificate' }>): Promise<MailMessage | null> {
  const reader = await db.selectFrom('users').select(['email', 'locale', 'active']).where('id', '=', mail.userId).executeTakeFirst();
  if (!reader?.active || !reader.email) return null;
  const facts = await db
    .selectFrom('proposals as p')
    .innerJoin('inquiries as i', 'i.id', 'p.inquiryId')
    .select(['p.id', 'p.inquiryId', 'p.version', 'p.unitIds', 'p.status', 'i.name', 'i.unitFloor', 'i.unitNumber', 'i.desiredFloors', 'i.destroyedAt'])
    .where('p.id', '=', mail.proposalId)
    .executeTakeFirst();
  if (!facts) return null;
  const locale = asLocale(reader.locale);
  const t = serverMessages(locale);
  const spaces = facts.unitIds.length
    ? await db.selectFrom('units').select(['id', 'floor', 'unitNumber']).where('id', 'in', facts.unitIds).execute()
    : [];
  const ordered = facts.unitIds.map((id) => spaces.find((unit) => unit.id === id)).filter((unit) => unit !== undefined);
  const mention = prospectMention({ id: facts.inquiryId, name: facts.name }, locale, await staffMailRule(db), ordered);
  const prospect = mention.label;
  const footer = ['', ...prospectLines(mention, locale), '', `${t('proposals.mail.open')}: ${adminLink(locale, facts.inquiryId)}`];
  const version = facts.version;
  switch (mail.kind) {
    case 'approval-request': {
      const round = await db.selectFrom('proposalApprovals').select(['rules', 'decision', 'requestedBy']).where('id', '=', mail.approvalId).executeTakeFirst();
      // Decided, voided or edited meanwhile: the owner has nothing to do any more.
      if (!round || round.decision !== null || facts.status !== 'pending_approval') return null;
      const by = round.requestedBy ? await db.selectFrom('users').select(['displayName', 'username']).where('id', '=', round.requestedBy).executeTakeFirst() : undefined;
      return {
        to: reader.email,
        subject: t('proposals.mail.approvalRequestSubject', { version, prospect }),
        text: [t('proposals.mail.approvalRequestBody', { by: by?.displayName || by?.username || '—', version }), ...ruleLines(parsed<RuleResult[]>(round.rules), locale), ...footer].join('\n'),
      };
    }
    case 'approval-decision': {
      const round = await db.selectFrom('proposalApprovals').select(['decision', 'approverId']).where('id', '=', mail.approvalId).executeTakeFirst();
      if (!round?.decision || !['approved', 'rejected', 'changes_requested'].includes(round.decision)) return null;
      const by = round.approverId ? await db.selectFrom('users').select(['displayName', 'username']).where('id', '=', round.approverId).executeTakeFirst() : undefined;
      const decision = t(`proposals.mail.decision.${round.decision}`);
      return {
        to: reader.email,
        subject: t('proposals.mail.approvalDecisionSubject', { version, decision, prospect }),
        text: [t('proposals.mail.approvalDecisionBody', { by: by?.displayName || by?.username || '—', version, decision }), ...footer].join('\n'),
      };
    }
    case 'answer': {
      const response = await db.selectFrom('proposalResponses').select(['decision', 'at', 'pdfSha256', 'counterProposalId']).where('id', '=', mail.responseId).executeTakeFirst();
      if (!response) return null;
      const decision = t(`proposals.certificate.${response.decision}`);
      const counter = response.counterProposalId
        ? await db.selectFrom('proposals').select('version').where('id', '=', response.counterProposalId).executeTakeFirst()
        : undefined;
      return {
        to: reader.email,
        subject: t('proposals.mail.answerSubject', { version, decision, prospect }),
        text: [
          t('proposals.mail.answerBody', { version, decision, at: when(new Date(response.at), locale) }),
          ...(counter ? [t('proposals.mail.answerCounter', { version: counter.version })] : []),
          t('proposals.mail.answerDocument', { hash: response.pdfSha256 }),
          ...footer,
        ].join('\n'),
      };
    }
    case 'acceptance-refused': {
      const holds = await db
        .selectFrom('proposalHolds as h')
        .innerJoin('units as u', 'u.id', 'h.unitId')
        .select(['u.floor', 'u.unitNumber'])
        .where('h.unitId', 'in', facts.unitIds.length ? facts.unitIds : ['00000000-0000-0000-0000-000000000000'])
        .where('h.releasedAt', 'is', null)
        .where('h.proposalId', '!=', facts.id)
        .execute();
      return {
        to: reader.email,
        subject: t('proposals.mail.refusedSubject', { prospect }),
        text: [t('proposals.mail.refusedBody', { version }), ...holds.map((unit) => `- ${unit.floor} ${unit.unitNumber}`), ...footer].join('\n'),
      };
    }
    case 'hold-lapsed': {
      const released = await db
        .selectFrom('proposalHolds as h')
        .innerJoin('units as u', 'u.id', 'h.unitId')
        .select(['u.floor', 'u.unitNumber', 'u.status'])
        .where('h.proposalId', '=', facts.id)
        .where('h.releaseReason', '=', 'lapsed')
        .execute();
      if (released.length === 0) return null;
      return {
        to: reader.email,
        subject: t('proposals.mail.holdLapsedSubject', { prospect }),
        text: [t('proposals.mail.holdLapsedBody', { version }), ...released.map((unit) => `- ${unit.floor} ${unit.unitNumber} (${t(`proposals.unitStatus.${unit.status}`)})`), ...footer].join('\n'),
      };
    }
    case 'hold-released': {
      // Who released it and which spaces; the reason they typed is a staff note, read in the panel (staff-mail rule).
      const released = await db
        .selectFrom('proposalHolds as h')
        .innerJoin('units as u', 'u.id', 'h.unitId')
        .leftJoin('users as b', 'b.id', 'h.releasedBy')
        .select(['u.floor', 'u.unitNumber', 'b.displayName', 'b.username'])
        .where('h.proposalId', '=', facts.id)
        .where('h.releaseReason', '=', 'released')
        .where('h.releasedFor', '=', mail.leaseId)
        .execute();
      if (released.length === 0) return null;
      const by = released[0]!.displayName || released[0]!.username || '—';
      const heldSpaces = prospectMention({ id: facts.inquiryId, name: null }, locale, { includeName: false }, released).space ?? '';
      return {
        to: reader.email,
        subject: t('proposals.mail.holdReleasedSubject', { prospect }),
        text: [t('proposals.mail.holdReleasedBody', { version, by, spaces: heldSpaces }), t('proposals.mail.holdReleasedReason'), ...footer].join('\n'),
      };
    }
  }
}
