import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, type Page } from '@playwright/test';
import { freePort, startLocalServer } from '../../../netlify-local/spawn.ts';
import { plain, startSmtp, subjectOf } from '../../support/smtp.ts';
import { test as base } from '../fixtures.ts';
import { islandsReady } from './islands.ts';

/** The admin password of every server started here. */
export const MAIL_SERVER_PASSWORD = 'mail-e2e-admin-password';

export interface MailServer {
  origin: string;
  /** Every mail the server sent, as the real local SMTP server received it. */
  smtp: Awaited<ReturnType<typeof startSmtp>>;
  /** The server's data folder (its PGlite folder and blob store, unless `databaseUrl` names another database). */
  dataDir: string;
  /** What the server printed so far. */
  log(): string;
  /** Stops the server and the SMTP server (once); the data folder stays until `dispose()`. */
  stop(): Promise<void>;
  /** stop(), then removes the data folder. */
  dispose(): Promise<void>;
}

export interface MailServerOptions {
  /**
   * `localhost` where the browser needs a secure context with a domain (WebAuthn's relying party, decision 016);
   * 127.0.0.1 otherwise.
   */
  host?: 'localhost' | '127.0.0.1';
  /** The server's database: in memory by default; `folder` keeps it in the data folder, to be read after stop(). */
  database?: 'memory' | 'folder' | { url: string };
  /** More of the server's environment (INQUIRY_NOTIFY_TO, …). */
  env?: Record<string, string>;
}

/**
 * A local server of its own whose mail goes to a real local SMTP server (smtp-server), as the team, tours,
 * privacy-request and staff-access journeys need: the one place those servers are started and stopped.
 * SITE_URL is the server's own origin, as the links in its mails must be.
 */
export async function startMailServer({ host = '127.0.0.1', database = 'memory', env = {} }: MailServerOptions = {}): Promise<MailServer> {
  const smtp = await startSmtp();
  const port = await freePort();
  const dataDir = await mkdtemp(path.join(tmpdir(), 'btower-mail-e2e-'));
  const origin = `http://${host}:${port}`;
  const databaseUrl: Record<string, string> = database === 'memory' ? { DATABASE_URL: 'memory://' } : database === 'folder' ? {} : { DATABASE_URL: database.url };
  const server = await startLocalServer(port, {
    DATA_DIR: dataDir,
    ...databaseUrl,
    ADMIN_PASSWORD: MAIL_SERVER_PASSWORD,
    SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
    INQUIRY_NOTIFY_FROM: 'B TOWER <noreply@btower.example>',
    SITE_URL: origin,
    DIST_DIR: process.env.ASTRO_OUT_DIR ?? 'dist',
    ...env,
  }, { timeoutMs: 300_000 }).catch(async (error: unknown) => {
    await smtp.stop();
    await rm(dataDir, { recursive: true, force: true });
    throw error;
  });
  let stopping: Promise<void> | undefined;
  const stop = () => (stopping ??= (async () => {
    await server.stop();
    await smtp.stop();
  })());
  return {
    origin,
    smtp,
    dataDir,
    log: server.log,
    stop,
    async dispose() {
      await stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** The newest mail to `address` whose subject passes `subject` (contains it, or matches it), once it has arrived. */
export async function mailTo(server: MailServer, address: string, subject: string | ((subject: string) => boolean), timeout = 30_000): Promise<{ subject: string; text: string; raw: string }> {
  const wanted = typeof subject === 'string' ? (value: string) => value.includes(subject) : subject;
  let found: { subject: string; text: string; raw: string } | undefined;
  await expect.poll(() => {
    found = server.smtp.mails.filter((m) => m.to.includes(address)).map((m) => ({ subject: subjectOf(m.raw), text: plain(m.raw), raw: m.raw })).findLast((m) => wanted(m.subject));
    return Boolean(found);
  }, { timeout, message: `a mail to ${address}; got ${server.smtp.mails.map((m) => `${m.to.join(',')}: ${subjectOf(m.raw)}`).join(' | ')}; server: ${server.log().slice(-2000)}` }).toBe(true);
  return found!;
}

/**
 * One mail server per worker, shared by every test file that uses this `test` (the tours and team journeys): a
 * server start costs 10–30 s of CPU on a busy machine, so a worker starts one, not one per file. On `localhost`,
 * because the team's passkeys need it. Tests on it make their own names and addresses (uniqueName), so they never
 * count each other's rows; settings that change every sign-in (a required second factor) need a server of their own.
 */
export const test = base.extend<object, { mailServer: MailServer }>({
  mailServer: [
    async ({}, use) => {
      const server = await startMailServer({ host: 'localhost' });
      await use(server);
      await server.dispose();
    },
    { scope: 'worker', timeout: 360_000 },
  ],
  baseURL: async ({ mailServer }, use) => use(mailServer.origin),
});

/** Signs in through the login card as the bootstrap owner of this worker's mail server (the card is what a person uses). */
export async function signInAsOwner(page: Page) {
  await page.goto('/admin');
  await islandsReady(page);
  await page.getByLabel('비밀번호').fill(MAIL_SERVER_PASSWORD);
  await page.getByRole('button', { name: '로그인', exact: true }).click();
  // The first sign-in on a fresh server also creates the owner account (one slow hash): allow it time.
  await expect(page.getByRole('tab', { name: '팀 관리' })).toBeVisible({ timeout: 60_000 });
}
