import type { Inquiry } from '../../shared/inquiry.ts';
import { singleLine } from '../../shared/inquiry-rules.ts';
import { inquiryReference } from '../../shared/inquiry-basics.ts';
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

/** The space as the team reads it ("8층 802호", not "8F 802"), or the floors wished for. */
function unitText(inquiry: Inquiry, none: string, t: ReturnType<typeof serverMessages>): string {
  if (inquiry.unit) return t('mail.confirmation.spaceValue', { floor: floorName(inquiry.unit.floor, t), unit: inquiry.unit.unitNumber });
  return inquiry.desiredFloors.length > 0 ? inquiry.desiredFloors.map((floor) => floorName(floor, t)).join(', ') : none;
}

/** Where the team's text goes: a plain-text mail, or a Slack-compatible message (mrkdwn). */
type Medium = 'mail' | 'slack';

/**
 * Slack's control characters in a visitor's text, as entities (docs.slack.dev, "Formatting text"): `&`
 * first, then `<` and `>`. Unescaped, a name `<!channel>` pings everyone and `<https://x|Open>` is a
 * disguised link. Only visitor values are escaped, never the whole text, so our own link keeps working.
 * @example slackEscape('Eve <!channel> & co') // 'Eve &lt;!channel&gt; &amp; co'
 */
export function slackEscape(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/**
 * The lines naming the inquirer, company, unit, a summary and the admin link. One-line fields are made
 * one line again (rows stored before intake did so may hold line breaks); for Slack every visitor value
 * is escaped and the admin link is our own `<url|label>`.
 */
export function teamText(inquiry: Inquiry, medium: Medium = 'mail'): { subject: string; text: string; headline: string } {
  const t = serverMessages(TEAM_LOCALE);
  const none = t('mail.team.none');
  const visitor = (text: string) => (medium === 'slack' ? slackEscape(text) : text);
  const line = (text: string) => visitor(singleLine(text).replace(/ {2,}/g, ' ').trim());
  const name = line(inquiry.name);
  // No company: the subject names the person alone, never "(없음)".
  const company = inquiry.company ? line(inquiry.company) : null;
  const headline = company ? t('mail.team.headline', { name, company }) : t('mail.team.headlineNoCompany', { name });
  const link = medium === 'slack' ? `<${adminLink(inquiry)}|${t('mail.team.open')}>` : `${t('mail.team.open')}: ${adminLink(inquiry)}`;
  const lines = [
    headline,
    `${t('mail.team.email')}: ${line(inquiry.email)}`,
    `${t('mail.team.phone')}: ${line(inquiry.phone)}`,
    `${t('mail.team.unit')}: ${line(unitText(inquiry, none, t))}`,
    `${t('mail.team.attachments')}: ${inquiry.attachments.length}`,
    '',
    visitor(summary(inquiry.message)),
    '',
    link,
  ];
  return { subject: company ? t('mail.team.subject', { name, company }) : t('mail.team.subjectNoCompany', { name }), text: lines.join('\n'), headline };
}

export function teamMail(inquiry: Inquiry, to: string): MailMessage {
  const { subject, text } = teamText(inquiry);
  return { to, subject, text };
}

/** A floor code as the reader's language says it: 8F → "8층" / "Floor 8", B1 → "지하 1층" / "Basement 1". */
function floorName(floor: string, t: ReturnType<typeof serverMessages>): string {
  const below = /^B(\d+)$/i.exec(floor);
  if (below) return t('mail.confirmation.floorBelow', { n: below[1]! });
  const above = /^(\d+)F$/i.exec(floor);
  return above ? t('mail.confirmation.floorAbove', { n: above[1]! }) : floor;
}

/**
 * The inquirer's receipt, in their page's language: the reference number the success screen showed (to
 * quote when they call) and the space they asked about, when they asked about one (issue 28).
 */
export function confirmationMail(inquiry: Inquiry): MailMessage {
  const t = serverMessages(asLocale(inquiry.locale));
  const space = inquiry.unit
    ? t('mail.confirmation.space', { space: t('mail.confirmation.spaceValue', { floor: floorName(inquiry.unit.floor, t), unit: singleLine(inquiry.unit.unitNumber) }) })
    : null;
  const lines = [
    t('mail.confirmation.greeting', { name: singleLine(inquiry.name) }), '', t('mail.confirmation.body'), '',
    t('mail.confirmation.reference', { reference: inquiryReference(inquiry.id) }), t('mail.confirmation.referenceHint'),
    ...(space ? [space] : []), '',
    `> ${summary(inquiry.message)}`, '', t('mail.confirmation.signature'),
  ];
  return { to: inquiry.email, subject: t('mail.confirmation.subject'), text: lines.join('\n') };
}

/**
 * A Slack-compatible webhook body: `text` for Slack (visitor values escaped), the plain facts beside it
 * for other receivers. No link previews: a visitor's URL in the message is not fetched by the receiver.
 */
export function webhookBody(inquiry: Inquiry) {
  const { text } = teamText(inquiry, 'slack');
  return {
    text,
    unfurl_links: false,
    unfurl_media: false,
    inquiry: {
      id: inquiry.id,
      name: singleLine(inquiry.name),
      company: inquiry.company === null ? null : singleLine(inquiry.company),
      unit: inquiry.unit,
      createdAt: inquiry.createdAt,
      adminUrl: adminLink(inquiry),
    },
  };
}
