import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface Mail {
  to: string[];
  raw: string;
}

/** Staff in the API suites have addresses on this domain (the team, owners, agents, the sender). */
const STAFF_DOMAIN = '@btower.example';
const ADDRESS = /[\w.+-]+@[\w-]+(?:\.[\w-]+)+/g;
/** A Korean mobile number, as prospects give them (the building's own number is a landline). */
const MOBILE = /\b01[016789]-?\d{3,4}-?\d{4}\b/g;

/** Every part of a mail as its reader's program shows it: the decoded subject and each part decoded (text, .ics). */
export function everyPartOf(raw: string): string {
  const decoded = [subjectOf(raw)];
  for (const part of raw.split(/\r?\n--[^\r\n]+\r?\n/)) {
    const [headers = '', ...rest] = part.split(/\r?\n\r?\n/);
    const body = rest.join('\n\n');
    if (/Content-Transfer-Encoding:\s*base64/i.test(headers)) decoded.push(Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8'));
    else if (/Content-Transfer-Encoding:\s*quoted-printable/i.test(headers)) {
      decoded.push(Buffer.from(body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))), 'latin1').toString('utf8'));
    } else decoded.push(body);
  }
  // iCalendar folds long lines (CRLF + space): unfolded, a value reads whole.
  return decoded.join('\n').replace(/\r?\n[ \t]/g, '');
}

/**
 * What a mail to staff says of a prospect that it may not (src/server/notify/staff-prospect.ts): any address not the
 * team's, any mobile number. Every API suite's staff mails pass through this (startSmtp), beside the one test that
 * drives every kind of staff mail with known values (tests/api/staff-mail-minimum.test.ts).
 */
export function prospectDataIn(mail: Mail, allowed: readonly string[] = []): string[] {
  if (!mail.to.some((to) => to.toLowerCase().endsWith(STAFF_DOMAIN))) return [];
  const text = everyPartOf(mail.raw);
  const addresses = (text.match(ADDRESS) ?? []).filter((address) => !address.toLowerCase().endsWith(STAFF_DOMAIN));
  return [...new Set([...addresses, ...(text.match(MOBILE) ?? [])])].filter((found) => !allowed.includes(found));
}

/**
 * A real SMTP server on loopback that keeps what it receives; `delayMs` makes each mail slow to accept. A staff mail
 * that carries a prospect's address or phone number fails the suite when the server stops — but for `allowed`, what a
 * test wrote into a field staff mails may show (a hostile name under notifyIncludesName).
 */
export async function startSmtp(port = 0, delayMs = 0, allowed: readonly string[] = []) {
  const mails: Mail[] = [];
  const leaks: string[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, done) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const mail = { to: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks).toString('utf8') };
        mails.push(mail);
        const found = prospectDataIn(mail, allowed);
        if (found.length > 0) leaks.push(`${mail.to.join(', ')} — "${subjectOf(mail.raw)}": ${found.join(', ')}`);
        setTimeout(() => done(), delayMs);
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const address = (server.server.address() as AddressInfo).port;
  const stop = async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    if (leaks.length > 0) throw new Error(`Staff mails carried a prospect's address or phone (staff-prospect.ts):\n${leaks.join('\n')}`);
  };
  return { mails, leaks, port: address, stop };
}

/** Decodes the quoted-printable / base64 text part enough to search it. */
export function plain(raw: string): string {
  const body = raw.split(/\r?\n\r?\n/).slice(1).join('\n');
  if (/Content-Transfer-Encoding: base64/i.test(raw)) return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  return Buffer.from(body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))), 'latin1').toString('utf8');
}

/** The decoded Subject header (nodemailer encodes non-ASCII subjects as RFC 2047 words). */
export function subjectOf(raw: string): string {
  const header = raw.split(/\r?\n\r?\n/)[0]!.replace(/\r?\n[ \t]+/g, ' ');
  const value = header.match(/^Subject: (.*)$/im)?.[1] ?? '';
  return value.replace(/=\?UTF-8\?([BQ])\?([^?]*)\?=\s*/gi, (_, mode: string, text: string) =>
    mode.toUpperCase() === 'B'
      ? Buffer.from(text, 'base64').toString('utf8')
      : Buffer.from(text.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))), 'latin1').toString('utf8'),
  );
}
