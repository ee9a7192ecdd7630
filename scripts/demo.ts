import { spawn } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { ensureLocalAdminPassword } from '../src/server/auth/local-password.ts';
import { startMailbox } from './demo/mailbox.ts';
import { seedDemo, seedDemoAccounts } from './demo/seed.ts';
import { seedDemoBusiness } from './demo/seed-business.ts';
import { DEMO_TEAM_ADDRESS } from './demo/seed-data.ts';

/**
 * `npm run demo`: the site as `npm start` serves it (same PORT), on its own data folder (`.data/demo`
 * unless DATA_DIR is set), seeded with a believable building in business: its brands and spaces, its tenants'
 * signed leases, and a pipeline of inquiries, tours and proposals. Seeding runs until it has finished once
 * (a marker file in the folder says so): a first run stopped half-way is completed by the next, and a
 * building the user has since changed is left as it is. The team's accounts are made too (every start: one may
 * have been deleted), and every mail the site sends lands in the folder's mailbox (`mail/`) unless SMTP_URL is set.
 */
const DATA_DIR = path.resolve(process.env.DATA_DIR ?? '.data/demo');
const PORT = Number(process.env.PORT ?? 8888);
/**
 * The address the demo prints and its mails link to (SITE_URL): localhost, where passkeys work — WebAuthn needs a
 * secure context, which http://127.0.0.1 is not for a relying party. The server still listens on 127.0.0.1 only.
 */
const ORIGIN = (process.env.SITE_URL ?? `http://localhost:${PORT}`).replace(/\/+$/, '');
/** Where this script itself reaches the server. */
const LOCAL = `http://127.0.0.1:${PORT}`;
/** Written once the whole demo building stands in DATA_DIR; its first line names what it holds. */
const SEEDED_MARKER = path.join(DATA_DIR, 'demo-seeded');
/** The marker's first line since the demo seeds leases and deals (an older folder's marker holds only a time). */
const EDITION = 'edition 2: building, leases, pipeline';

/** Where the demo's mail is kept, one .eml file per mail. */
const MAIL_DIR = path.join(DATA_DIR, 'mail');

const marker = await readFile(SEEDED_MARKER, 'utf8').catch(() => null);
const passwordGiven = Boolean(process.env.ADMIN_PASSWORD?.trim());
// Known before the server starts, so the seeder can sign in (the server reads the same file).
const password = await ensureLocalAdminPassword(DATA_DIR);
// Every mail, to anyone, kept on this machine: invitations, the team's and the visitor's mails, reminders, tours.
const announceMail = (file: string, to: string[]) => console.log(`Mail to ${to.join(', ')}: ${path.relative(process.cwd(), file)}`);
const mailbox = process.env.SMTP_URL ? null : await startMailbox(MAIL_DIR, announceMail);
const mail = mailbox
  ? { SMTP_URL: mailbox.url, INQUIRY_NOTIFY_FROM: process.env.INQUIRY_NOTIFY_FROM || `B TOWER <${DEMO_TEAM_ADDRESS}>`, INQUIRY_NOTIFY_TO: process.env.INQUIRY_NOTIFY_TO || DEMO_TEAM_ADDRESS }
  : {};

const server = spawn(process.execPath, [path.resolve('netlify-local/server.ts'), '--watch-content'], {
  stdio: 'inherit',
  env: { ...process.env, ...mail, DATA_DIR, PORT: String(PORT), ADMIN_PASSWORD: password, SITE_URL: ORIGIN },
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));

async function waitForServer(): Promise<void> {
  for (let attempt = 0; attempt < 600; attempt++) {
    if (server.exitCode !== null) throw new Error('the server stopped');
    const ok = await fetch(`${LOCAL}/api/units`).then((response) => response.ok, () => false);
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no answer from ${LOCAL}`);
}

try {
  await waitForServer();
  // The team first: the agent works the pipeline with their own session.
  const accounts = await seedDemoAccounts(LOCAL, password);
  if (marker === null) {
    const started = Date.now();
    // The seeding's own mails (inquiries' confirmations, proposals, codes, tour invitations) are counted, not listed.
    let seedingMails = 0;
    mailbox?.announce(() => void seedingMails++);
    const building = await seedDemo(LOCAL, password);
    const business = await seedDemoBusiness(LOCAL, password, mailbox);
    await writeFile(SEEDED_MARKER, `${EDITION}\n${new Date().toISOString()}\n`);
    mailbox?.announce(announceMail);
    const { created } = business;
    console.log(
      `Demo data: ${building.brands} brands and ${building.units} spaces, ${business.tenants} tenants' signed leases and ${business.prospects} prospects `
      + `(inquiries, tours, proposals) in ${DATA_DIR}, seeded in ${Math.round((Date.now() - started) / 1000)} s; this run added ${building.created} brands and spaces, `
      + `${created.inquiries} inquiries, ${created.tours} tours, ${created.proposals} proposals and ${created.leases} leases.`,
    );
    for (const reason of business.skipped) console.log(`Left out: ${reason}.`);
    if (mailbox) console.log(`The seeding sent ${seedingMails} mails (prospects', tenants' and the team's): ${path.relative(process.cwd(), MAIL_DIR)}/.`);
  } else if (!marker.startsWith(EDITION)) {
    console.log(`Demo data folder ${DATA_DIR} was seeded by an earlier demo, without leases and deals: remove it (or set DATA_DIR) for the building in business.`);
  } else {
    console.log(`Demo data folder ${DATA_DIR} is seeded: starting without seeding.`);
  }
  const where = passwordGiven ? 'ADMIN_PASSWORD' : `the password in ${path.relative(process.cwd(), path.join(DATA_DIR, 'admin-password'))}`;
  console.log(`Accounts ${accounts.join(', ')}, each with ${where}.`);
  console.log(mailbox ? `Mails the site sends: ${path.relative(process.cwd(), MAIL_DIR)}/ (one .eml file each; none leaves this machine).` : 'Mails go to the SMTP server in SMTP_URL.');
  console.log(`Sign in at ${ORIGIN}/admin`);
} catch (error) {
  console.error(`Seeding the demo failed; the next \`npm run demo\` completes it: ${error instanceof Error ? error.message : String(error)}`);
  server.kill('SIGTERM');
}
