import { mkdir, readFile, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';

/** A mail the mailbox kept: its file and envelope recipients. */
export interface KeptMail {
  file: string;
  to: string[];
}

export interface Mailbox {
  /** The SMTP_URL the site sends through. */
  url: string;
  /** How many mails have come so far: what `waitFor` counts from. */
  count(): number;
  /**
   * The first mail after the `since`th to `to` whose raw text passes `test`, waiting up to `timeoutMs` for it (the
   * site sends through its outbox: at once, or on the every-minute retry).
   */
  waitFor(to: string, since: number, test: (raw: string) => boolean, timeoutMs?: number): Promise<string>;
  /** What arrives from now on is announced by `received` (the seeder's mails are counted, not listed). */
  announce(received: (file: string, to: string[]) => void): void;
  stop(): Promise<void>;
}

/**
 * The demo's mailbox: an SMTP server on loopback that takes every mail the site sends, to any address (so nothing
 * leaves the machine), and keeps each as a file in `dir`, `<time>-<recipient>.eml`, which any mail program opens.
 * The seeder reads the prospects' mails from it (a proposal's link, an answer's code), as a prospect would.
 */
export async function startMailbox(dir: string, received: (file: string, to: string[]) => void = () => {}): Promise<Mailbox> {
  await mkdir(dir, { recursive: true });
  const kept: KeptMail[] = [];
  let count = 0;
  let announce = received;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, done) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const to = session.envelope.rcptTo.map((recipient) => recipient.address.toLowerCase());
        // Time first, so a folder listing is the order they came in; the count keeps two in one millisecond apart.
        const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${String(++count).padStart(3, '0')}-${(to[0] ?? 'nobody').replace(/[^\w.@-]+/g, '_')}.eml`;
        const file = path.join(dir, name);
        writeFile(file, Buffer.concat(chunks)).then(() => {
          kept.push({ file, to });
          announce(file, to);
          done();
        }, (error: Error) => done(error));
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;

  async function waitFor(to: string, since: number, test: (raw: string) => boolean, timeoutMs = 150_000): Promise<string> {
    const started = Date.now();
    const address = to.toLowerCase();
    let next = since;
    for (;;) {
      for (; next < kept.length; next++) {
        const mail = kept[next]!;
        if (!mail.to.includes(address)) continue;
        const raw = await readFile(mail.file, 'utf8');
        if (test(raw)) return raw;
      }
      if (Date.now() - started > timeoutMs) throw new Error(`no mail to ${to} came within ${Math.round(timeoutMs / 1000)} s`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  return {
    url: `smtp://127.0.0.1:${port}`,
    count: () => kept.length,
    waitFor,
    announce: (listener) => (announce = listener),
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
