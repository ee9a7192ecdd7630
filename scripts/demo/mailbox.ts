import { mkdir, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';

export interface Mailbox {
  /** The SMTP_URL the site sends through. */
  url: string;
  stop(): Promise<void>;
}

/**
 * The demo's mailbox: an SMTP server on loopback that takes every mail the site sends, to any address (so nothing
 * leaves the machine), and keeps each as a file in `dir`, `<time>-<recipient>.eml`, which any mail program opens.
 * `received` hears of each file, to say so on the console.
 */
export async function startMailbox(dir: string, received: (file: string, to: string[]) => void = () => {}): Promise<Mailbox> {
  await mkdir(dir, { recursive: true });
  let count = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, done) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const to = session.envelope.rcptTo.map((recipient) => recipient.address);
        // Time first, so a folder listing is the order they came in; the count keeps two in one millisecond apart.
        const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${String(++count).padStart(3, '0')}-${(to[0] ?? 'nobody').replace(/[^\w.@-]+/g, '_')}.eml`;
        const file = path.join(dir, name);
        writeFile(file, Buffer.concat(chunks)).then(() => {
          received(file, to);
          done();
        }, (error: Error) => done(error));
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return { url: `smtp://127.0.0.1:${port}`, stop: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
