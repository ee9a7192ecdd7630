import nodemailer, { type Transporter } from 'nodemailer';
import type { MailMessage } from './messages.ts';

let cached: { url: string; transport: Transporter } | undefined;

/**
 * One SMTP transport per SMTP_URL. Short timeouts: a drain must finish well inside a
 * function's 60 s, and a server that does not answer is simply retried by the next drain.
 */
function transportFor(url: string): Transporter {
  if (cached?.url !== url) {
    cached = { url, transport: nodemailer.createTransport({ url, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 }) };
  }
  return cached.transport;
}

/** What nodemailer is given for a message (a calendar invitation becomes its inline part and .ics file). */
export function mailOptions(from: string, message: MailMessage) {
  return {
    from,
    to: message.to,
    subject: message.subject,
    text: message.text,
    ...(message.replyTo ? { replyTo: message.replyTo } : {}),
    ...(message.icalEvent ? { icalEvent: message.icalEvent } : {}),
    ...(message.attachments?.length ? { attachments: message.attachments } : {}),
  };
}

export async function sendMail(smtpUrl: string, from: string, message: MailMessage): Promise<void> {
  await transportFor(smtpUrl).sendMail(mailOptions(from, message));
}
