import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import brands from '../../functions/brands.ts';
import objects from '../../functions/objects.ts';
import units from '../../functions/units.ts';
import { CACHE_TAGS, CDN_MAX_AGE_SECONDS, PURGE_ATTEMPTS } from '../../src/server/http/cdn-cache.ts';
import { makePublic } from '../../src/server/objects/storage.ts';
import { LIST_LIMIT_MAX } from '../../src/shared/list-limit.ts';
import { call } from '../support/api-calls.ts';
import { adminToken, brandBody, uploaded, useApiBackend } from '../support/api-suite.ts';
import { availableBackends } from '../support/db-backends.ts';
import { hasGps, jpegWithGps } from '../support/photos.ts';

/** A loopback stand-in of Netlify's purge API: records each call, answers with the next planned status. */
function purgeApi() {
  const calls: { auth: string | undefined; body: Record<string, unknown> }[] = [];
  const plan: number[] = [];
  const server: Server = createServer((req, res) => {
    let text = '';
    req.on('data', (chunk: Buffer) => (text += chunk.toString()));
    req.on('end', () => {
      if (req.method === 'POST' && req.url === '/api/v1/purge') calls.push({ auth: req.headers.authorization, body: JSON.parse(text) });
      res.writeHead(plan.shift() ?? 202).end();
    });
  });
  return {
    calls,
    plan,
    start: () => new Promise<string>((resolve) => server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`))),
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe.each(availableBackends())('public lists at the CDN, on $name', (backend) => {
  useApiBackend(backend);
  const api = purgeApi();
  let token = '';
  let thumbnail = '';
  beforeAll(async () => {
    process.env.NETLIFY_PURGE_API_URL = await api.start();
    process.env.NETLIFY_PURGE_API_TOKEN = 'purge-token';
    process.env.SITE_ID = 'site-under-test';
    token = await adminToken();
    thumbnail = await uploaded('thumbnail');
  });
  afterAll(async () => {
    delete process.env.NETLIFY_PURGE_API_URL;
    delete process.env.NETLIFY_PURGE_API_TOKEN;
    delete process.env.SITE_ID;
    await api.stop();
  });
  afterEach(() => {
    api.calls.length = 0;
    api.plan.length = 0;
    vi.restoreAllMocks();
  });

  it('GET /api/brands is cacheable at the CDN (durable, stale-while-revalidate, tagged) and revalidated by browsers', async () => {
    const response = await call(brands, 'GET', '/api/brands?utm_source=x');
    expect(response.status).toBe(200);
    expect(response.headers.get('netlify-cdn-cache-control')).toBe(`public, durable, max-age=${CDN_MAX_AGE_SECONDS}, stale-while-revalidate=86400`);
    expect(response.headers.get('netlify-cache-tag')).toBe(CACHE_TAGS.brands);
    expect(response.headers.get('cache-control')).toBe('public, max-age=0, must-revalidate');
    // utm_* and other strangers do not split the cache.
    // `audience` keys the team's list (issue 40, never cached) apart from the visitors'.
    expect(response.headers.get('netlify-vary')).toBe('query=category|floor|isAvailable|search|limit|audience');
    // Errors are never cached.
    const bad = await call(brands, 'GET', '/api/brands?category=Nope');
    expect(bad.status).toBe(400);
    expect(bad.headers.get('netlify-cdn-cache-control')).toBeNull();
  });

  it('every write purges the brands tag before it answers, so the next request sees it', async () => {
    const created = await call(brands, 'POST', '/api/brands', { token, body: brandBody(thumbnail, { name: 'Purged Café' }) });
    expect(created.status).toBe(201);
    expect(api.calls).toEqual([{ auth: 'Bearer purge-token', body: { cache_tags: ['brands'], site_id: 'site-under-test' } }]);
    const updated = await call(brands, 'PUT', `/api/brands/${created.json.id}`, { token, body: brandBody(thumbnail, { name: 'Purged Café 2' }) });
    expect(updated.status).toBe(200);
    const deleted = await call(brands, 'DELETE', `/api/brands/${created.json.id}`, { token });
    expect(deleted.status).toBe(204);
    expect(api.calls.map((c) => c.body.cache_tags)).toEqual([['brands'], ['brands'], ['brands']]);
    // A refused write purges nothing.
    expect((await call(brands, 'POST', '/api/brands', { token, body: brandBody(thumbnail, { name: '' }) })).status).toBe(400);
    expect((await call(brands, 'DELETE', `/api/brands/${randomUUID()}`, { token })).status).toBe(404);
    expect(api.calls).toHaveLength(3);
  });

  it('GET /api/units is cached at the CDN for visitors only: keyed on its filters and on Authorization, never for the admin', async () => {
    const response = await call(units, 'GET', '/api/units?status=available&utm_campaign=x');
    expect(response.status).toBe(200);
    expect(response.headers.get('netlify-cache-tag')).toBe(CACHE_TAGS.units);
    expect(response.headers.get('netlify-cdn-cache-control')).toContain('durable');
    expect(response.headers.get('netlify-vary')).toBe('query=floor|status|use|minArea|maxArea,header=authorization');
    // The admin's read carries unpublished prices: it must never be stored at the CDN.
    const admin = await call(units, 'GET', '/api/units', { token });
    expect(admin.status).toBe(200);
    expect(admin.headers.get('netlify-cdn-cache-control')).toBeNull();
    expect(admin.headers.get('cache-control')).toBe('no-store');
  });

  it('every unit write purges the units tag (and only it)', async () => {
    const body = { floor: '7F', unitNumber: 'cache-701', exclusiveAreaM2: 50, supplyAreaM2: 80, uses: ['Office'], status: 'available', availableFrom: null, monthlyRent: null, deposit: null, maintenanceFee: null, pricePublic: false, plan: null, note: {} };
    const created = await call(units, 'POST', '/api/units', { token, body });
    expect(created.status).toBe(201);
    expect((await call(units, 'PUT', `/api/units/${created.json.id}`, { token, body: { ...body, status: 'leased' } })).status).toBe(200);
    expect((await call(units, 'DELETE', `/api/units/${created.json.id}`, { token })).status).toBe(204);
    expect(api.calls.map((c) => c.body.cache_tags)).toEqual([['units'], ['units'], ['units']]);
  });

  it('a failed purge is retried and logged; when every attempt fails the write still stands and the log says so', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    api.plan.push(500);
    const first = await call(brands, 'POST', '/api/brands', { token, body: brandBody(thumbnail, { name: 'Retried' }) });
    expect(first.status).toBe(201);
    expect(api.calls).toHaveLength(2);
    expect(errors.mock.calls.flat().join('\n')).toMatch(/purge of brands failed \(attempt 1\/3\).*500/);

    api.calls.length = 0;
    api.plan.push(...Array(PURGE_ATTEMPTS).fill(503));
    const second = await call(brands, 'POST', '/api/brands', { token, body: brandBody(thumbnail, { name: 'Never purged' }) });
    expect(second.status).toBe(201);
    expect(api.calls).toHaveLength(PURGE_ATTEMPTS);
    expect(errors.mock.calls.flat().join('\n')).toMatch(/purge of brands gave up/);
  });

  it(`?limit=N answers the N newest brands (1 to ${LIST_LIMIT_MAX}); without it the list is whole`, async () => {
    for (const name of ['Limit A', 'Limit B', 'Limit C', 'Limit D']) {
      expect((await call(brands, 'POST', '/api/brands', { token, body: brandBody(thumbnail, { name }) })).status).toBe(201);
    }
    const all = await call(brands, 'GET', '/api/brands');
    const three = await call(brands, 'GET', '/api/brands?limit=3');
    expect(three.json.map((b: { name: string }) => b.name)).toEqual(['Limit D', 'Limit C', 'Limit B']);
    expect(all.json.length).toBeGreaterThan(3);
    expect((await call(brands, 'GET', `/api/brands?limit=${LIST_LIMIT_MAX}`)).json).toEqual(all.json.slice(0, LIST_LIMIT_MAX));
    expect((await call(brands, 'GET', '/api/brands?limit=2&search=Limit')).json.map((b: { name: string }) => b.name)).toEqual(['Limit D', 'Limit C']);
    for (const bad of ['0', '-1', `${LIST_LIMIT_MAX + 1}`, '2.5', 'three']) {
      const response = await call(brands, 'GET', `/api/brands?limit=${bad}`);
      expect(response.status, bad).toBe(400);
      expect(response.json.error.code).toBe('invalid_input');
      expect(Object.keys(response.json.error.fields)).toEqual(['limit']);
    }
  });

  it('a public photo is served without its EXIF location, whatever the phone wrote', async () => {
    const photo = await jpegWithGps();
    const path = await uploaded('thumbnail', photo);
    await makePublic(path);
    const response = await fetchObject(path);
    expect(response.status).toBe(200);
    const body = new Uint8Array(await response.arrayBuffer());
    expect(Number(response.headers.get('content-length'))).toBe(body.byteLength);
    expect(await hasGps(photo)).toBe(true);
    expect(await hasGps(body)).toBe(false);
  });
});

async function fetchObject(path: string): Promise<Response> {
  const id = path.split('/').pop()!;
  return objects(new Request(`http://127.0.0.1${path}`), { params: { id } } as never);
}
