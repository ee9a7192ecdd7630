import type { Inquiry } from '../../shared/inquiry.ts';
import { serverEnv } from '../env.ts';
import { asLocale, serverMessages } from '../i18n.ts';

const SUMMARY_CHARS = 300;

/** The leasing team reads Korean; the inquirer reads the language of the page they wrote from. */
const TEAM_LOCALE = 'ko';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

/** The inbox link of an inquiry. Never a signed attachment link: notifications leave our systems. */
export function adminLink(inquiry: Inquiry): string {
  return `${serverEnv().siteUrl}/admin?inquiry=${inquiry.id}`;
}

function summary(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > SUMMARY_CHARS ? `${flat.slice(0, SUMMARY_CHARS)}…` : flat;
}

function unitText(inquiry: Inquiry, none: string): string {
  if (inquiry.unit) return [inquiry.unit.floor, inquiry.unit.unitNumber].filter(Boolean).join(' ') || none;
  return inquiry.desiredFloors.length > 0 ? inquiry.desiredFloors.join(', ') : none;
}

/** The lines naming the inquirer, company, unit, a summary and the admin link. */
export function teamText(inquiry: Inquiry): { subject: string; text: string; headline: string } {
  const t = serverMessages(TEAM_LOCALE);
  const none = t('mail.team.none');
  const company = inquiry.company ?? none;
  const headline = t('mail.team.headline', { name: inquiry.name, company });
  const lines = [
    headline,
    `${t('mail.team.email')}: ${inquiry.email}`,
    `${t('mail.team.phone')}: ${inquiry.phone}`,
    `${t('mail.team.unit')}: ${unitText(inquiry, none)}`,
    `${t('mail.team.attachments')}: ${inquiry.attachments.length}`,
    '',
    summary(inquiry.message),
    '',
    `${t('mail.team.open')}: ${adminLink(inquiry)}`,
  ];
  return { subject: t('mail.team.subject', { name: inquiry.name, company }), text: lines.join('\n'), headline };
}

export function teamMail(inquiry: Inquiry, to: string): MailMessage {
  const { subject, text } = teamText(inquiry);
  return { to, subject, text };
}

/** The inquirer's receipt, in their page's language. */
export function confirmationMail(inquiry: Inquiry): MailMessage {
  const t = serverMessages(asLocale(inquiry.locale));
  return {
    to: inquiry.email,
    subject: t('mail.confirmation.subject'),
    text: [t('mail.confirmation.greeting', { name: inquiry.name }), '', t('mail.confirmation.body'), '', `> ${summary(inquiry.message)}`, '', t('mail.confirmation.signature')].join('\n'),
  };
}

/** A Slack-compatible webhook body: `text` for Slack, the plain facts beside it for other receivers. */
export function webhookBody(inquiry: Inquiry) {
  const { text } = teamText(inquiry);
  return {
    text,
    inquiry: {
      id: inquiry.id,
      name: inquiry.name,
      company: inquiry.company,
      unit: inquiry.unit,
      createdAt: inquiry.createdAt,
      adminUrl: adminLink(inquiry),
    },
  };
}
