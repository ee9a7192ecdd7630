/**
 * What a prospect reads in the site's mails (nodemailer's MIME): the decoded subject and the plain-text parts, so the
 * demo's prospects can follow a proposal's link and type the code they were mailed, as a person would.
 */

function decodeBody(headers: string, body: string): string {
  if (/Content-Transfer-Encoding:\s*base64/i.test(headers)) return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (/Content-Transfer-Encoding:\s*quoted-printable/i.test(headers)) {
    return Buffer.from(body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))), 'latin1').toString('utf8');
  }
  return body;
}

function split(entity: string): [headers: string, body: string] {
  const at = entity.search(/\r?\n\r?\n/);
  if (at < 0) return [entity, ''];
  return [entity.slice(0, at).replace(/\r?\n[ \t]+/g, ' '), entity.slice(at).replace(/^\r?\n\r?\n/, '')];
}

/** The text/plain parts of a raw mail, decoded and joined (attachments and HTML left out). */
export function mailText(raw: string): string {
  const [headers, body] = split(raw);
  const boundary = /Content-Type:\s*multipart\/[^;]+;[^\n]*boundary="?([^";\r\n]+)"?/i.exec(headers)?.[1];
  if (boundary) {
    return body
      .split(`--${boundary}`)
      .slice(1)
      .filter((part) => !part.startsWith('--'))
      .map((part) => mailText(part.replace(/^\r?\n/, '')))
      .filter(Boolean)
      .join('\n');
  }
  const type = /Content-Type:\s*([^;\s]+)/i.exec(headers)?.[1]?.toLowerCase() ?? 'text/plain';
  if (type !== 'text/plain' || /Content-Disposition:\s*attachment/i.test(headers)) return '';
  return decodeBody(headers, body);
}

/** The decoded Subject (nodemailer writes non-ASCII subjects as RFC 2047 words). */
export function mailSubject(raw: string): string {
  const [headers] = split(raw);
  const value = /^Subject: (.*)$/im.exec(headers)?.[1] ?? '';
  return value.replace(/=\?UTF-8\?([BQ])\?([^?]*)\?=\s*/gi, (_, mode: string, text: string) =>
    mode.toUpperCase() === 'B'
      ? Buffer.from(text, 'base64').toString('utf8')
      : Buffer.from(text.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))), 'latin1').toString('utf8'),
  );
}

/** The token of the proposal link in a mail's text (`…/proposal/#<token>`), or null. */
export function proposalLinkToken(text: string): string | null {
  return /\/proposal\/#([A-Za-z0-9_-]{43})/.exec(text)?.[1] ?? null;
}

/** The 6-digit answer code a code mail's subject gives, or null. */
export function answerCodeIn(subject: string): string | null {
  return /(?<!\d)(\d{6})(?!\d)/.exec(subject)?.[1] ?? null;
}
