import { describe, expect, it } from 'vitest';
import type { Config } from '@netlify/functions';
import { routes, uuidParam } from '../../src/server/http/routes.ts';

const echo = async (req: Request, context: { params: Record<string, string> }) => Response.json({ method: req.method, params: context.params });

describe('a function route table', () => {
  const config = { path: ['/api/things', '/api/things/:id', '/api/things/:id/restore'] } satisfies Config;
  const handler = routes(config, {
    '/api/things': { GET: echo, POST: echo },
    '/api/things/:id': { GET: echo, PUT: echo, DELETE: echo },
    '/api/things/:id/restore': { POST: echo },
  });
  const send = (method: string, path: string, params?: Record<string, string>) =>
    handler(new Request(`http://127.0.0.1${path}`, { method }), params ? { params } : undefined);

  it('picks the route by its declared path and hands over the path params', async () => {
    expect(await (await send('GET', '/api/things')).json()).toEqual({ method: 'GET', params: {} });
    expect(await (await send('PUT', '/api/things/abc')).json()).toEqual({ method: 'PUT', params: { id: 'abc' } });
    expect(await (await send('POST', '/api/things/abc/restore')).json()).toEqual({ method: 'POST', params: { id: 'abc' } });
  });

  it("takes Netlify's context.params when given", async () => {
    expect(await (await send('GET', '/api/things/abc', { id: 'from-netlify' })).json()).toEqual({ method: 'GET', params: { id: 'from-netlify' } });
  });

  it('answers a method the path does not list with 405, Allow in the written order and the JSON error', async () => {
    const response = await send('PATCH', '/api/things/abc');
    expect(response.status).toBe(405);
    expect(response.headers.get('Allow')).toBe('GET, PUT, DELETE');
    expect((await response.json()).error.code).toBe('method_not_allowed');
    expect((await send('GET', '/api/things/abc/restore')).headers.get('Allow')).toBe('POST');
  });

  it('answers a path outside the table with a JSON 404', async () => {
    const response = await send('GET', '/api/things/abc/other');
    expect(response.status).toBe(404);
    expect((await response.json()).error.code).toBe('not_found');
  });

  it('refuses to load when the table and config.path disagree, so no declared path goes unrouted', () => {
    expect(() => routes({ path: ['/api/a', '/api/b'] } satisfies Config, { '/api/a': { GET: echo } })).toThrow(/config\.path/);
    expect(() => routes({ path: '/api/a' }, { '/api/b': { GET: echo } })).toThrow(/config\.path/);
  });
});

describe('a UUID path parameter', () => {
  it('is lower-cased when it is a UUID and null otherwise', () => {
    expect(uuidParam({ params: { id: 'A1B2C3D4-0000-4000-8000-00000000000F' } })).toBe('a1b2c3d4-0000-4000-8000-00000000000f');
    expect(uuidParam({ params: { id: 'a1b2c3d4-0000-4000-8000-00000000000f.json' } })).toBeNull();
    expect(uuidParam({ params: {} })).toBeNull();
  });
});
