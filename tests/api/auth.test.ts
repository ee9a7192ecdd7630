import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import login from '../../functions/admin-login.ts';
import logout from '../../functions/admin-logout.ts';
import brands from '../../functions/brands.ts';
import { resetServerEnv } from '../../src/server/env.ts';
import { call } from '../support/api-calls.ts';
import { ADMIN_PASSWORD, adminToken, countRows, useApiBackend } from '../support/api-suite.ts';
import { availableBackends } from '../support/db-backends.ts';

describe.each(availableBackends())('admin login and sessions on $name', (backend) => {
  const ctx = useApiBackend(backend);

  it('gives an opaque token for the right password and stores only its hash', async () => {
    const response = await call(login, 'POST', '/api/admin/login', { body: { password: ADMIN_PASSWORD }, ip: randomUUID() });
    expect(response.status).toBe(200);
    expect(response.json.token).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    const stored = await ctx.db.selectFrom('sessions').select('tokenHash').execute();
    expect(stored.map((row) => row.tokenHash)).not.toContain(response.json.token);
  });

  it('answers a wrong password with 401 and the wrong-password message key', async () => {
    const response = await call(login, 'POST', '/api/admin/login', { body: { password: 'guess' }, ip: randomUUID() });
    expect(response.status).toBe(401);
    expect(response.json.error).toMatchObject({ code: 'wrong_password', message: 'admin.login.wrongPassword' });
  });

  it('needs a password in the body', async () => {
    const response = await call(login, 'POST', '/api/admin/login', { body: {}, ip: randomUUID() });
    expect(response.status).toBe(400);
    expect(response.json.error.fields).toEqual({ password: 'admin.login.wrongPassword' });
  });

  it('blocks a client after 5 failures with 429 and Retry-After, even for the right password', async () => {
    const ip = randomUUID();
    for (let i = 0; i < 5; i += 1) {
      expect((await call(login, 'POST', '/api/admin/login', { body: { password: `guess-${i}` }, ip })).status).toBe(401);
    }
    const blocked = await call(login, 'POST', '/api/admin/login', { body: { password: ADMIN_PASSWORD }, ip });
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('Retry-After'))).toBeGreaterThan(800);
    const otherClient = await call(login, 'POST', '/api/admin/login', { body: { password: ADMIN_PASSWORD }, ip: randomUUID() });
    expect(otherClient.status).toBe(200);
  });

  it('counts parallel guesses exactly: 10 at once never pass more than 5 checks', async () => {
    const ip = randomUUID();
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) => call(login, 'POST', '/api/admin/login', { body: { password: `p-${i}` }, ip })),
    );
    expect(results.filter((r) => r.status === 401)).toHaveLength(5);
    expect(results.filter((r) => r.status === 429)).toHaveLength(5);
  });

  it('logout revokes the token for every admin route', async () => {
    const token = await adminToken();
    expect((await call(logout, 'POST', '/api/admin/logout', { token })).status).toBe(200);
    const after = await call(brands, 'DELETE', `/api/brands/${randomUUID()}`, { token });
    expect(after.status).toBe(401);
    expect((await call(logout, 'POST', '/api/admin/logout', { token })).status).toBe(401);
  });

  it('logout without a token is 401 and wrong methods are 405', async () => {
    expect((await call(logout, 'POST', '/api/admin/logout')).status).toBe(401);
    const get = await call(login, 'GET', '/api/admin/login');
    expect(get.status).toBe(405);
    expect(get.headers.get('Allow')).toBe('POST');
    expect((await call(logout, 'GET', '/api/admin/logout')).status).toBe(405);
  });

  it('signs every admin out when ADMIN_PASSWORD changes; the new password opens sessions that work', async () => {
    const token = await adminToken();
    const deleteMissing = (bearer: string) => call(brands, 'DELETE', `/api/brands/${randomUUID()}`, { token: bearer });
    expect((await deleteMissing(token)).status).toBe(404);
    const saved = { ...process.env };
    process.env.ADMIN_PASSWORD = 'a rotated passphrase nobody had before';
    resetServerEnv();
    try {
      expect((await deleteMissing(token)).status).toBe(401);
      expect((await call(logout, 'POST', '/api/admin/logout', { token })).status).toBe(401);
      const old = await call(login, 'POST', '/api/admin/login', { body: { password: ADMIN_PASSWORD }, ip: randomUUID() });
      expect(old.status).toBe(401);
      const fresh = await call(login, 'POST', '/api/admin/login', { body: { password: process.env.ADMIN_PASSWORD }, ip: randomUUID() });
      expect(fresh.status).toBe(200);
      expect((await deleteMissing(fresh.json.token)).status).toBe(404);
    } finally {
      process.env = saved;
      resetServerEnv();
    }
  });

  it('disables login with 503 in production when ADMIN_PASSWORD is missing', async () => {
    const saved = { ...process.env };
    delete process.env.ADMIN_PASSWORD;
    process.env.CONTEXT = 'production';
    resetServerEnv();
    try {
      const before = await countRows(ctx.db, 'sessions');
      const response = await call(login, 'POST', '/api/admin/login', { body: { password: '' + ADMIN_PASSWORD }, ip: randomUUID() });
      expect(response.status).toBe(503);
      expect(response.json.error.message).toContain('ADMIN_PASSWORD');
      expect(await countRows(ctx.db, 'sessions')).toBe(before);
    } finally {
      process.env = saved;
      resetServerEnv();
    }
  });
});
