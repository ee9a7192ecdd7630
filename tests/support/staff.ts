import { randomUUID } from 'node:crypto';
import login from '../../functions/admin-login.ts';
import users from '../../functions/admin-users.ts';
import type { Role } from '../../src/shared/roles.ts';
import { vi } from 'vitest';
import type { Db } from '../../src/server/db/index.ts';
import { drainOutbox } from '../../src/server/notify/outbox.ts';
import { call } from './api-calls.ts';

/** A strong password no list has: each account gets its own. */
export const strongPassword = () => `Tower-${randomUUID().slice(0, 8)}-lease`;

export interface TestAccount {
  id: string;
  username: string;
  email: string;
  password: string;
  token: string;
}

/** Signs `username` in from an address of its own and returns the session token. */
export async function signIn(username: string, password: string): Promise<string> {
  const response = await call(login, 'POST', '/api/admin/login', { body: { username, password }, ip: `staff-${randomUUID()}` });
  if (response.status !== 200) throw new Error(`sign-in of ${username} failed: ${response.status} ${response.text}`);
  return response.json.token as string;
}

/** An account the owner makes (POST /api/admin/users), signed in. */
export async function staffAccount(ownerToken: string, role: Role, name = `${role} ${randomUUID().slice(0, 4)}`): Promise<TestAccount> {
  const username = `${role}-${randomUUID().slice(0, 8)}`;
  const email = `${username}@btower.example`;
  const password = strongPassword();
  const made = await call(users, 'POST', '/api/admin/users', { token: ownerToken, body: { username, name, email, role, password } });
  if (made.status !== 201) throw new Error(`creating ${username} failed: ${made.status} ${made.text}`);
  return { id: made.json.id, username, email, password, token: await signIn(username, password) };
}

/**
 * Delivers what the outbox holds and waits until nothing is left unsent: a first attempt started by a
 * request (unawaited in tests) may still be talking to the SMTP server when the test looks. On a busy
 * machine an attempt can time out against the loopback SMTP server; its retry is then brought forward to
 * now (the clock moved on to the backoff, not waited for), and the outbox's own attempt limit still applies.
 */
export async function outboxSettled(db: Db): Promise<void> {
  await vi.waitFor(async () => {
    await db.updateTable('outbox').set({ nextAttemptAt: new Date() })
      .where('sentAt', 'is', null).where('failedAt', 'is', null).where('lastError', 'is not', null).where('nextAttemptAt', '>', new Date())
      .execute();
    await drainOutbox(db);
    const pending = await db.selectFrom('outbox').select('id').where('sentAt', 'is', null).where('failedAt', 'is', null).execute();
    if (pending.length > 0) throw new Error(`${pending.length} mails still on their way`);
  }, { timeout: 60_000, interval: 50 });
}
