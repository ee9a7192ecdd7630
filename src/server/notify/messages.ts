import type { Inquiry } from '../../shared/inquiry.ts';
import { singleLine } from '../../shared/inquiry-rules.ts';
import { inquiryReference } from '../../shared/inquiry-basics.ts';
import { serverEnv } from '../env.ts';
import { asLocale, serverMessages } from '../i18n.ts';
import { floorName as sharedFloorName, spaceName } from '../../shared/units/space-name.ts';

const SUMMARY_CHARS = 300;

/** The leasing team reads Korean; the inquirer reads the language of the page they wrote from. */
const TEAM_LOCALE = 'ko';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  replyTo?: string;
  /** A calendar invitation (tours): nodemailer adds it inline as text/calendar; method=… and as an .ics file. */
  icalEvent?: { method: string; content: string; filename: string };
  /** Files sent with it (a proposal's PDF, its certificate), made when the mail is written, never stored in the outbox. */
  attachments?: { filename: string; content: Buffer; contentType: string }[];
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
  if (inquiry.unit) return spaceName(t, inquiry.unit);
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

/** What the team's notifications may carry beyond the facts of the inquiry (owner settings). */
export interface TeamTextOptions {
  /** The owner's `notifyIncludesName`: the visitor's name beside the reference number. */
  includeName?: boolean;
}

/**
 * The team's notice of a new inquiry (issue 25, "notifications carry less"): the reference number, the space
 * or floors asked about, the use and the admin link — never the visitor's phone, e-mail, company or message
 * (a mailbox or Slack abroad keeps them where the destruction job cannot reach); the name only when the owner
 * turned `notifyIncludesName` on. One-line fields are made one line again; for Slack every visitor value is
 * escaped and the admin link is our own `<url|label>`.
 */
export function teamText(inquiry: Inquiry, medium: Medium = 'mail', options: TeamTextOptions = {}): { subject: string; text: string; headline: string } {
  const t = serverMessages(TEAM_LOCALE);
  const none = t('mail.team.none');
  const visitor = (text: string) => (medium === 'slack' ? slackEscape(text) : text);
  const line = (text: string) => visitor(singleLine(text).replace(/ {2,}/g, ' ').trim());
  const reference = inquiryReference(inquiry.id);
  const asked = inquiry.unit !== null || inquiry.desiredFloors.length > 0;
  const space = line(unitText(inquiry, none, t));
  const name = options.includeName ? line(inquiry.name ?? '') : null;
  const headline = name ? t('mail.team.headlineNamed', { reference, name }) : t('mail.team.headline', { reference });
  const link = medium === 'slack' ? `<${adminLink(inquiry)}|${t('mail.team.open')}>` : `${t('mail.team.open')}: ${adminLink(inquiry)}`;
  const lines = [
    headline,
    `${t('mail.team.unit')}: ${space}`,
    // The use is a category code ('Medical'): the team reads its word ('의료'), as every screen and CSV does.
    `${t('mail.team.use')}: ${inquiry.businessType ? visitor(t(`brands.category.${inquiry.businessType}`)) : none}`,
    `${t('mail.team.attachments')}: ${inquiry.attachments.length}`,
    '',
    link,
  ];
  // A general inquiry (no space, no floors) has a subject without a placeholder: never "(없음)".
  const subject = asked ? t('mail.team.subject', { reference, space }) : t('mail.team.subjectGeneral', { reference });
  return { subject, text: lines.join('\n'), headline };
}

export function teamMail(inquiry: Inquiry, to: string, options: TeamTextOptions = {}): MailMessage {
  const { subject, text } = teamText(inquiry, 'mail', options);
  return { to, subject, text };
}

/** A floor code as the reader's language says it: 8F → "8층" / "Floor 8", B1 → "지하 1층" / "Basement 1" (units.floor). */
export function floorName(floor: string, t: ReturnType<typeof serverMessages>): string {
  return sharedFloorName(t, floor);
}

/**
 * The inquirer's receipt, in their page's language: the reference number the success screen showed (to
 * quote when they call) and the space they asked about, when they asked about one (issue 28).
 */
export function confirmationMail(inquiry: Inquiry): MailMessage {
  const t = serverMessages(asLocale(inquiry.locale));
  const space = inquiry.unit
    ? t('mail.confirmation.space', { space: spaceName(t, { floor: inquiry.unit.floor, unitNumber: singleLine(inquiry.unit.unitNumber) }) })
    : null;
  const lines = [
    t('mail.confirmation.greeting', { name: singleLine(inquiry.name ?? '') }), '', t('mail.confirmation.body'), '',
    t('mail.confirmation.reference', { reference: inquiryReference(inquiry.id) }), t('mail.confirmation.referenceHint'),
    ...(space ? [space] : []), '',
    `> ${summary(inquiry.message ?? '')}`, '', t('mail.confirmation.signature'),
  ];
  return { to: inquiry.email ?? '', subject: t('mail.confirmation.subject'), text: lines.join('\n') };
}

/**
 * A Slack-compatible webhook body: `text` for Slack (visitor values escaped), the plain facts beside it
 * for other receivers: id, reference, the unit or desired floors, the use, when, the admin link. `name` only
 * with `notifyIncludesName`; never the company, phone, e-mail or message (decision 028). No link previews.
 */
export function webhookBody(inquiry: Inquiry, options: TeamTextOptions = {}) {
  const { text } = teamText(inquiry, 'slack', options);
  return {
    text,
    unfurl_links: false,
    unfurl_media: false,
    inquiry: {
      id: inquiry.id,
      reference: inquiryReference(inquiry.id),
      ...(options.includeName ? { name: singleLine(inquiry.name ?? '') } : {}),
      unit: inquiry.unit,
      desiredFloors: inquiry.desiredFloors,
      use: inquiry.businessType === null ? null : singleLine(inquiry.businessType),
      createdAt: inquiry.createdAt,
      adminUrl: adminLink(inquiry),
    },
  };
}
