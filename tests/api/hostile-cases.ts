import { randomBytes, randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import brands from '../../functions/brands.ts';
import inquiries from '../../functions/inquiries.ts';
import login from '../../functions/admin-login.ts';
import { sessionTokenHash } from '../../src/server/auth/sessions.ts';
import { ensureBootstrapOwner } from '../../src/server/auth/bootstrap.ts';
import type { Db } from '../../src/server/db/index.ts';
import { call } from '../support/api-calls.ts';
import { brandBody, inquiryBody } from '../support/api-suite.ts';

export interface HostileEnv {
  db: Db;
  token: string;
  thumbnail: string;
  attachment: string;
}

export interface HostileCase {
  name: string;
  status: number;
  /** The one table a case may add exactly one row to (hostile text that is valid data, stored verbatim). */
  stores?: 'brands' | 'inquiries';
  run(env: HostileEnv): ReturnType<typeof call>;
}

const postBrand = (overrides: Record<string, unknown>) => (env: HostileEnv) =>
  call(brands, 'POST', '/api/brands', { token: env.token, body: brandBody(env.thumbnail, overrides) });
const postInquiry = (overrides: Record<string, unknown>) => () =>
  call(inquiries, 'POST', '/api/inquiries', { body: inquiryBody(overrides) });
const search = (query: string) => () => call(brands, 'GET', `/api/brands?${query}`);
const contact = (website: string) => ({ contactInfo: { phone: '02-1', email: 'a@b.example', website } });
const withToken = (token: string) => (env: HostileEnv) =>
  call(brands, 'POST', '/api/brands', { token, body: brandBody(env.thumbnail) });
const withAuthorization = (value: string) => (env: HostileEnv) =>
  call(brands, 'POST', '/api/brands', { headers: { Authorization: value }, body: brandBody(env.thumbnail) });

/** A session row written straight to the table, for expired and revoked tokens (valid in every other way). */
async function sessionToken(db: Db, state: 'expired' | 'revoked'): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const tokenHash = sessionTokenHash(token);
  await ensureBootstrapOwner(db);
  const { id: userId } = await db.selectFrom('users').select('id').where('username', '=', 'admin').executeTakeFirstOrThrow();
  const ago = (hours: number) => sql<Date>`now() - ${hours} * interval '1 hour'`;
  await db
    .insertInto('sessions')
    .values(state === 'expired' ? { tokenHash, userId, createdAt: ago(13), expiresAt: ago(1) } : { tokenHash, userId, expiresAt: sql<Date>`now() + interval '1 hour'`, revokedAt: ago(0) })
    .execute();
  return token;
}

const sqlText = "'); DROP TABLE brands; --";
const scriptText = '<script>alert(document.cookie)</script>';

export const HOSTILE_CASES: HostileCase[] = [
  // SQL injection in search and filters
  { name: "search ' OR 1=1 -- matches nothing", status: 200, run: search(`search=${encodeURIComponent("' OR 1=1 --")}`) },
  { name: 'search ; DROP TABLE brands', status: 200, run: search(`search=${encodeURIComponent("'; DROP TABLE brands; --")}`) },
  { name: 'search UNION SELECT from sessions', status: 200, run: search(`search=${encodeURIComponent("%' UNION SELECT token_hash FROM sessions --")}`) },
  { name: 'search with backslash escape trick', status: 200, run: search(`search=${encodeURIComponent("\\' OR 1=1 --")}`) },
  { name: 'category injection', status: 400, run: search(`category=${encodeURIComponent("F&B' OR '1'='1")}`) },
  { name: 'floor injection', status: 400, run: search(`floor=${encodeURIComponent("1F'; DELETE FROM brands; --")}`) },
  { name: 'isAvailable injection', status: 400, run: search('isAvailable=true%20OR%201=1') },
  { name: 'search over 100 characters', status: 400, run: search(`search=${'a'.repeat(101)}`) },
  // SQL injection in every field: valid text is stored verbatim, never executed
  { name: 'brand name with SQL', status: 201, stores: 'brands', run: postBrand({ name: sqlText }) },
  { name: 'brand description with SQL', status: 201, stores: 'brands', run: postBrand({ description: "' || (SELECT token_hash FROM sessions LIMIT 1) || '" }) },
  { name: 'brand unit, area and tags with SQL', status: 201, stores: 'brands', run: postBrand({ unit: "1'--", area: '1; SELECT 1', tags: ["x'); DELETE FROM brands; --"] }) },
  { name: 'brand contact email with SQL', status: 400, run: postBrand({ contactInfo: { phone: '1', email: "a@b.c'; DROP TABLE brands; --" } }) },
  { name: 'brand id in path with SQL', status: 404, run: (env) => call(brands, 'PUT', `/api/brands/${encodeURIComponent("' OR '1'='1")}`, { token: env.token, body: brandBody(env.thumbnail) }) },
  { name: 'inquiry name with SQL', status: 201, stores: 'inquiries', run: postInquiry({ name: "Robert'); DROP TABLE inquiries; --" }) },
  { name: 'inquiry message with dollar quoting', status: 201, stores: 'inquiries', run: postInquiry({ message: '$$; DROP TABLE inquiries; $$' }) },
  { name: 'inquiry email with SQL', status: 400, run: postInquiry({ email: "x@y.z' OR '1'='1" }) },
  { name: 'login password with SQL', status: 401, run: () => call(login, 'POST', '/api/admin/login', { body: { password: "' OR '1'='1" }, ip: randomUUID() }) },
  // NUL characters, which Postgres text cannot hold
  { name: 'NUL in search', status: 400, run: search('search=a%00b') },
  { name: 'NUL in an inquiry name', status: 400, run: postInquiry({ name: 'Kim\u0000; DROP TABLE inquiries' }) },
  { name: 'NUL in a brand tag', status: 400, run: postBrand({ tags: ['ok', 'bad\u0000tag'] }) },
  // Script and HTML strings are data
  { name: 'brand name with a script tag', status: 201, stores: 'brands', run: postBrand({ name: scriptText }) },
  { name: 'brand description with an SVG onload', status: 201, stores: 'brands', run: postBrand({ description: '<svg onload=alert(1)>' }) },
  { name: 'inquiry message with an img onerror', status: 201, stores: 'inquiries', run: postInquiry({ message: '<img src=x onerror=alert(1)>' }) },
  // Websites that would run script
  { name: 'website javascript:', status: 400, run: postBrand(contact('javascript:alert(1)')) },
  { name: 'website JaVaScRiPt: mixed case', status: 400, run: postBrand(contact('JaVaScRiPt:alert(1)')) },
  { name: 'website with leading spaces and javascript:', status: 400, run: postBrand(contact('   javascript:alert(1)')) },
  { name: 'website data:text/html', status: 400, run: postBrand(contact('data:text/html,<script>alert(1)</script>')) },
  { name: 'website vbscript:', status: 400, run: postBrand(contact('vbscript:msgbox(1)')) },
  { name: 'website protocol-relative', status: 400, run: postBrand(contact('//evil.example/')) },
  // Object paths that are not our uploads
  { name: 'thumbnail path traversal', status: 400, run: postBrand({ thumbnail: '/objects/uploads/../../etc/passwd' }) },
  { name: 'thumbnail on a foreign host', status: 400, run: postBrand({ thumbnail: 'https://evil.example/logo.png' }) },
  { name: 'thumbnail with a guessed uuid', status: 400, run: postBrand({ thumbnail: `/objects/uploads/${randomUUID()}` }) },
  { name: 'thumbnail that is an inquiry attachment', status: 400, run: (env) => postBrand({ thumbnail: env.attachment })(env) },
  { name: 'brand image path traversal', status: 400, run: postBrand({ images: ['/objects/uploads/..%2f..%2fsecret'] }) },
  { name: 'attachment path traversal', status: 400, run: postInquiry({ attachments: ['../../../../etc/passwd'] }) },
  { name: 'attachment encoded traversal', status: 400, run: postInquiry({ attachments: ['/objects/uploads/%2e%2e%2fsecret'] }) },
  { name: 'attachment with a guessed uuid on a foreign host', status: 400, run: postInquiry({ attachments: [`https://evil.example/objects/uploads/${randomUUID()}`] }) },
  { name: 'attachment that is a thumbnail', status: 400, run: (env) => postInquiry({ attachments: [env.thumbnail] })() },
  { name: 'attachment file: URL', status: 400, run: postInquiry({ attachments: ['file:///etc/passwd'] }) },
  // Tokens
  { name: 'forged token', status: 401, run: withToken(randomBytes(32).toString('base64url')) },
  { name: 'token with SQL', status: 401, run: withAuthorization("Bearer ' OR 1=1 --") },
  { name: 'Basic instead of Bearer', status: 401, run: withAuthorization(`Basic ${Buffer.from('admin:admin').toString('base64')}`) },
  { name: 'expired token', status: 401, run: async (env) => withToken(await sessionToken(env.db, 'expired'))(env) },
  { name: 'revoked token', status: 401, run: async (env) => withToken(await sessionToken(env.db, 'revoked'))(env) },
  { name: "a session's stored hash used as the token", status: 401, run: async (env) => {
    const row = await env.db.selectFrom('sessions').select('tokenHash').executeTakeFirstOrThrow();
    return withToken(row.tokenHash)(env);
  } },
  // Brute force
  { name: 'sixth login attempt, even with the right password', status: 429, run: async () => {
    const ip = randomUUID();
    for (let i = 0; i < 5; i += 1) await call(login, 'POST', '/api/admin/login', { body: { password: `guess${i}` }, ip });
    return call(login, 'POST', '/api/admin/login', { body: { password: 'correct horse battery staple' }, ip });
  } },
  // Malformed and huge JSON
  { name: 'truncated JSON', status: 400, run: (env) => call(brands, 'POST', '/api/brands', { token: env.token, rawBody: '{"name":' }) },
  { name: 'JSON null', status: 400, run: () => call(inquiries, 'POST', '/api/inquiries', { rawBody: 'null' }) },
  { name: 'JSON array', status: 400, run: () => call(inquiries, 'POST', '/api/inquiries', { rawBody: JSON.stringify([inquiryBody()]) }) },
  { name: 'empty body', status: 400, run: () => call(inquiries, 'POST', '/api/inquiries', { rawBody: '' }) },
  { name: 'huge JSON (200 KB)', status: 413, run: postInquiry({ message: 'x'.repeat(200_000) }) },
  { name: 'deeply nested JSON', status: 400, run: () => call(inquiries, 'POST', '/api/inquiries', { rawBody: `${'['.repeat(5000)}${']'.repeat(5000)}` }) },
  { name: 'message over 5000 characters', status: 400, run: postInquiry({ message: '가'.repeat(5001) }) },
  { name: '3,000-character password', status: 400, run: () => call(login, 'POST', '/api/admin/login', { body: { password: 'p'.repeat(3000) }, ip: randomUUID() }) },
  // Unknown fields and wrong types
  { name: 'inquiry with id and createdAt', status: 400, run: postInquiry({ id: randomUUID(), createdAt: '2000-01-01T00:00:00Z' }) },
  { name: 'brand with __proto__ and isAdmin', status: 400, run: (env) => call(brands, 'POST', '/api/brands', { token: env.token, rawBody: JSON.stringify(brandBody(env.thumbnail)).replace(/^\{/, '{"__proto__":{"isAdmin":true},"isAdmin":true,') }) },
  { name: 'brand contactInfo with an extra field', status: 400, run: postBrand({ contactInfo: { phone: '1', email: 'a@b.example', fax: '2' } }) },
  { name: 'isAvailable as a string', status: 400, run: postBrand({ isAvailable: 'true' }) },
  { name: 'tags as a string', status: 400, run: postBrand({ tags: 'a,b' }) },
  { name: 'attachments as a string', status: 400, run: postInquiry({ attachments: '/objects/uploads/x' }) },
  { name: 'name as a number', status: 400, run: postInquiry({ name: 42 }) },
  // Cross-site and non-JSON writes (issue 10): refused before anything is counted or stored
  { name: 'cross-site text/plain login', status: 403, run: () => call(login, 'POST', '/api/admin/login', { rawBody: '{"password":"x"}', headers: { Origin: 'https://evil.example', 'Content-Type': 'text/plain' }, ip: randomUUID() }) },
  { name: 'inquiry as text/plain', status: 415, run: () => call(inquiries, 'POST', '/api/inquiries', { rawBody: JSON.stringify(inquiryBody()), headers: { 'Content-Type': 'text/plain' } }) },
  { name: 'inquiry from a foreign origin', status: 403, run: () => call(inquiries, 'POST', '/api/inquiries', { body: inquiryBody(), headers: { Origin: 'https://evil.example' } }) },
  { name: 'brand write marked cross-site', status: 403, run: (env) => call(brands, 'POST', '/api/brands', { token: env.token, body: brandBody(env.thumbnail), headers: { 'Sec-Fetch-Site': 'cross-site' } }) },
  { name: 'inquiry with the honeypot filled (answered, not stored)', status: 201, run: postInquiry({ website: 'https://spam.example' }) },
  // Wrong methods
  { name: 'PATCH /api/inquiries', status: 405, run: () => call(inquiries, 'PATCH', '/api/inquiries', { body: inquiryBody() }) },
  { name: 'PUT /api/admin/login', status: 405, run: () => call(login, 'PUT', '/api/admin/login', { body: { password: 'x' } }) },
  { name: 'DELETE /api/brands (the whole collection)', status: 405, run: (env) => call(brands, 'DELETE', '/api/brands', { token: env.token }) },
];
