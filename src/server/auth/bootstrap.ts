import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import { BOOTSTRAP_USERNAME } from '../../shared/roles.ts';
import { setActor } from '../audit/actor.ts';
import { getDb, type Db } from '../db/index.ts';
import { serverEnv } from '../env.ts';
import { hashPassword, verifyPassword } from './passwords.ts';

/** Per database, the ADMIN_PASSWORD (as a digest kept in memory only) it was last brought in line with. */
const synced = new WeakMap<Db, { digest: string; done: Promise<void> }>();

/**
 * The bootstrap owner (issue 17): ADMIN_PASSWORD is the password of the owner account `admin`, created
 * when missing. When the variable changes, the stored hash follows and every session `admin` opened
 * ends, as rotating the password always did. Runs once per process, database and value; serialised
 * across instances by an advisory lock. Without ADMIN_PASSWORD nothing changes (the account then
 * cannot sign in, and its sessions are refused: see requireAccess).
 */
export function ensureBootstrapOwner(db: Db): Promise<void> {
  const password = serverEnv().adminPassword;
  if (!password) return Promise.resolve();
  const digest = createHash('sha256').update(password).digest('hex');
  const known = synced.get(db);
  if (known?.digest === digest) return known.done;
  const done = sync(db, password).catch((error: unknown) => {
    synced.delete(db);
    throw error;
  });
  synced.set(db, { digest, done });
  return done;
}

async function sync(db: Db, password: string): Promise<void> {
  const existing = await db.selectFrom('users').select(['id', 'password']).where(sql<boolean>`lower(username) = ${BOOTSTRAP_USERNAME}`).executeTakeFirst();
  // The slow comparison happens outside the lock; the write re-checks under it.
  if (existing && (await verifyPassword(password, existing.password))) return;
  const hash = await hashPassword(password);
  await db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(hashtext('bootstrap-owner'))`.execute(trx);
    const current = await trx.selectFrom('users').select(['id', 'password']).where(sql<boolean>`lower(username) = ${BOOTSTRAP_USERNAME}`).executeTakeFirst();
    if (!current) {
      await setActor(trx, null);
      await trx.insertInto('users').values({ username: BOOTSTRAP_USERNAME, password: hash, displayName: 'Admin', role: 'owner', active: true, email: null }).execute();
      return;
    }
    if (current.password !== existing?.password && (await verifyPassword(password, current.password))) return;
    await setActor(trx, null, 'password_from_environment');
    await trx.updateTable('users').set({ password: hash }).where('id', '=', current.id).execute();
    await trx.updateTable('sessions').set({ revokedAt: new Date() }).where('userId', '=', current.id).where('revokedAt', 'is', null).execute();
  });
}

/** For the login's "admin" shortcut and the guard: the process's database after the bootstrap owner is in line. */
export async function dbWithBootstrapOwner(): Promise<Db> {
  const db = await getDb();
  await ensureBootstrapOwner(db);
  return db;
}
