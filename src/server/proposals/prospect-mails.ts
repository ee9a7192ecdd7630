import { phoneText } from '../../content/phone.ts';
import { formatDayIn } from './format.ts';
import type { Db } from '../db/index.ts';
import { asLocale, serverMessages } from '../i18n.ts';
import type { MailMessage } from '../notify/messages.ts';
import { organizerOf, buildingFacts } from '../tours/messages.ts';
import { serverEnv } from '../env.ts';
import { answerCode, proposalLinkUrl } from './links.ts';
import type { ProposalMail } from './mail-queue.ts';
import { proposalFilename, renderProposalPdf } from './pdf.ts';
import { findProposal } from './records.ts';
import { spaceName } from '../../shared/units/space-name.ts';

/**
 * The prospect's mails about a proposal, in the link's language, written when they are sent: the proposal (a short
 * note, its PDF attached, the single-use link with the token in the URL's fragment), the code, and the answer's
 * certificate (the PDF with its certificate page). Null when there is nothing to send any more: the link was revoked,
 * spent or ran out, a newer code was asked for, the inquiry's data was destroyed.
 */
export async function prospectMessage(db: Db, mail: Extract<ProposalMail, { kind: 'proposal' | 'code' | 'certificate' }>): Promise<MailMessage | null> {
  const replyTo = organizerOf(serverEnv().inquiryNotifyFrom ?? '').email;
  switch (mail.kind) {
    case 'proposal': {
      const link = await liveLink(db, mail.linkId);
      if (!link?.recipient) return null;
      const proposal = await findProposal(db, mail.proposalId);
      if (!proposal || proposal.status !== 'sent') return null;
      const inquiry = await db.selectFrom('inquiries').select(['name', 'email', 'company', 'destroyedAt']).where('id', '=', proposal.inquiryId).executeTakeFirst();
      if (!inquiry || inquiry.destroyedAt) return null;
      const locale = asLocale(link.locale);
      const t = serverMessages(locale);
      const spaces = proposal.asking.units.map((unit) => spaceName(t, unit)).join(', ');
      // Greeted by name when the link goes to the inquiry's own address, else by company (a colleague, a broker).
      const name = link.recipient === inquiry.email?.toLowerCase() ? inquiry.name : inquiry.company;
      const pdf = await renderProposalPdf({ proposal, addressee: inquiry.company || inquiry.name || '', locale });
      return {
        to: link.recipient,
        replyTo,
        subject: t('proposals.mail.proposalSubject', { spaces }),
        text: [
          ...(name ? [t('proposals.mail.greeting', { name }), ''] : []),
          t('proposals.mail.proposalBody'), '',
          `${t('proposals.mail.proposalLink')}: ${await proposalLinkUrl(link.id, locale)}`, '',
          t('proposals.mail.proposalValid', { date: formatDayIn(proposal.validUntil, locale), email: link.recipient }),
          t('proposals.nonBinding'), '',
          t('proposals.mail.contact', { phone: phoneText(buildingFacts(locale).phone, locale) }),
        ].join('\n'),
        attachments: [{ filename: proposalFilename(proposal, locale), content: pdf, contentType: 'application/pdf' }],
      };
    }
    case 'code': {
      const link = await liveLink(db, mail.linkId);
      if (!link?.recipient) return null;
      const code = await db.selectFrom('proposalLinkCodes').select(['id', 'usedAt', 'expiresAt']).where('id', '=', mail.codeId).executeTakeFirst();
      // Replaced by a newer one, used or run out: the prospect has the newer mail, or asks again.
      if (!code || code.usedAt || new Date(code.expiresAt).getTime() <= Date.now()) return null;
      const t = serverMessages(asLocale(link.locale));
      const value = await answerCode(code.id);
      return {
        to: link.recipient,
        replyTo,
        subject: t('proposals.mail.codeSubject', { code: value }),
        text: [t('proposals.mail.codeBody', { code: value }), '', t('proposals.mail.codeExpires')].join('\n'),
      };
    }
    case 'certificate': {
      const response = await db.selectFrom('proposalResponses').selectAll().where('id', '=', mail.responseId).executeTakeFirst();
      if (!response?.recipient) return null;
      const proposal = await findProposal(db, mail.proposalId);
      if (!proposal?.response) return null;
      const inquiry = await db.selectFrom('inquiries').select(['name', 'company', 'destroyedAt']).where('id', '=', proposal.inquiryId).executeTakeFirst();
      if (!inquiry || inquiry.destroyedAt) return null;
      const locale = asLocale(response.pdfLocale);
      const t = serverMessages(locale);
      const counter = proposal.response.counterProposalId ? await db.selectFrom('proposals').select('version').where('id', '=', proposal.response.counterProposalId).executeTakeFirst() : undefined;
      const pdf = await renderProposalPdf({ proposal, addressee: inquiry.company || inquiry.name || '', locale }, { response: proposal.response, counterVersion: counter?.version ?? null });
      const decision = t(`proposals.certificate.${response.decision}`);
      return {
        to: response.recipient,
        replyTo,
        subject: t('proposals.mail.certificateSubject', { decision }),
        text: [t('proposals.mail.certificateBody'), '', t('proposals.nonBinding'), '', t('proposals.mail.contact', { phone: phoneText(buildingFacts(locale).phone, locale) })].join('\n'),
        attachments: [{ filename: proposalFilename(proposal, locale, true), content: pdf, contentType: 'application/pdf' }],
      };
    }
  }
}

/** A link that still works: not revoked, not spent, not run out. */
async function liveLink(db: Db, id: string) {
  return db
    .selectFrom('proposalLinks')
    .select(['id', 'recipient', 'locale'])
    .where('id', '=', id)
    .where('revokedAt', 'is', null)
    .where('decidedAt', 'is', null)
    .where('expiresAt', '>', new Date())
    .executeTakeFirst();
}
