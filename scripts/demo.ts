import { spawn } from 'node:child_process';
import { access, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { ensureLocalAdminPassword } from '../src/server/auth/local-password.ts';
import { startMailbox } from './demo/mailbox.ts';
import { seedDemo, seedDemoAccounts } from './demo/seed.ts';
import { DEMO_TEAM_ADDRESS } from './demo/seed-data.ts';

/**
 * `npm run demo`: the site as `npm start` serves it (same PORT), on its own data folder (`.data/demo`
 * unless DATA_DIR is set), seeded with a believable building. Seeding runs until it has finished once
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
/** Written once the whole demo building stands in DATA_DIR. */
const SEEDED_MARKER = path.join(DATA_DIR, 'demo-seeded');

/** Where the demo's mail is kept, one .eml file per mail. */
const MAIL_DIR = path.join(DATA_DIR, 'mail');

const seeded = await access(SEEDED_MARKER).then(() => true, () => false);
const passwordGiven = Boolean(process.env.ADMIN_PASSWORD?.trim());
// Known before the server starts, so the seeder can sign in (the server reads the same file).
const password = await ensureLocalAdminPassword(DATA_DIR);
// Every mail, to anyone, kept on this machine: invitations, the team's and the visitor's mails, reminders, tours.
const mailbox = process.env.SMTP_URL
  ? null
  : await startMailbox(MAIL_DIR, (file, to) => console.log(`Mail to ${to.join(', ')}: ${path.relative(process.cwd(), file)}`));
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
  if (!seeded) {
    const result = await seedDemo(LOCAL, password);
    await writeFile(SEEDED_MARKER, `${new Date().toISOString()}\n`);
    const resumed = result.created < result.brands + result.units ? ` (${result.created} added to what an earlier run had seeded)` : '';
    console.log(`Demo data: ${result.brands} brands and ${result.units} units in ${DATA_DIR}${resumed}.`);
  } else {
    console.log(`Demo data folder ${DATA_DIR} is seeded: starting without seeding.`);
  }
  const accounts = await seedDemoAccounts(LOCAL, password);
  const where = passwordGiven ? 'ADMIN_PASSWORD' : `the password in ${path.relative(process.cwd(), path.join(DATA_DIR, 'admin-password'))}`;
  console.log(`Accounts ${accounts.join(', ')}, each with ${where}.`);
  console.log(mailbox ? `Mails the site sends: ${path.relative(process.cwd(), MAIL_DIR)}/ (one .eml file each; none leaves this machine).` : 'Mails go to the SMTP server in SMTP_URL.');
  console.log(`Sign in at ${ORIGIN}/admin`);
} catch (error) {
  console.error(`Seeding the demo failed; the next \`npm run demo\` completes it: ${error instanceof Error ? error.message : String(error)}`);
  server.kill('SIGTERM');
}
