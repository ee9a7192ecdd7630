import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiRead, apiWrite, readUrl } from '~/client/api';
import { $adminToken } from '~/client/stores';
import { $lastSessionUse, noteSessionUse } from '~/client/session-use';

type Call = [string, RequestInit];
const fetchMock = vi.fn<(url: string, init: RequestInit) => Promise<Response>>();

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  $adminToken.set(null);
});
afterEach(() => {
  fetchMock.mockReset();
  vi.unstubAllGlobals();
});

const lastCall = () => fetchMock.mock.calls.at(-1) as Call;
const header = (name: string) => new Headers(lastCall()[1].headers).get(name);

describe('read keys', () => {
  it('are the path alone without a query', () => {
    expect(readUrl(['/api/brands'])).toBe('/api/brands');
  });

  it('append the query, skipping null and undefined values', () => {
    expect(readUrl(['/api/brands', { category: 'F&B', floor: null, search: undefined, isAvailable: false }])).toBe(
      '/api/brands?category=F%26B&isAvailable=false',
    );
  });

  it('stay the bare path when every value is skipped', () => {
    expect(readUrl(['/api/brands', { floor: null }])).toBe('/api/brands');
  });
});

describe('requests', () => {
  it('read with GET, with cookies, once, and parse JSON', async () => {
    fetchMock.mockResolvedValue(Response.json([{ id: 'a' }]));
    await expect(apiRead(['/api/brands', { floor: '1F' }])).resolves.toEqual([{ id: 'a' }]);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = lastCall();
    expect(url).toBe('/api/brands?floor=1F');
    expect(init.method).toBe('GET');
    expect(init.credentials).toBe('include');
    expect(init.body).toBeUndefined();
  });

  it('send the bearer token only when one is stored', async () => {
    fetchMock.mockImplementation(async () => Response.json({}));
    await apiRead(['/api/brands']);
    expect(header('Authorization')).toBeNull();
    $adminToken.set('tok-123');
    await apiRead(['/api/inquiries']);
    expect(header('Authorization')).toBe('Bearer tok-123');
  });

  it('write a JSON body with its content type', async () => {
    fetchMock.mockResolvedValue(Response.json({ id: 'b' }, { status: 201 }));
    await expect(apiWrite('POST', '/api/brands', { name: 'Café' })).resolves.toEqual({ id: 'b' });
    const [, init] = lastCall();
    expect(init.method).toBe('POST');
    expect(init.body).toBe('{"name":"Café"}');
    expect(header('Content-Type')).toBe('application/json');
  });

  it('resolve an empty answer (204) as null', async () => {
    fetchMock.mockResolvedValue(new Response(null, { status: 204 }));
    await expect(apiWrite('DELETE', '/api/brands/x')).resolves.toBeNull();
  });
});

describe('errors', () => {
  it('carry "<status>: <body text>" and the error body of our functions', async () => {
    const body = JSON.stringify({ error: { code: 'invalid_input', message: 'Bad', fields: { name: 'admin.brandForm.errors.nameRequired' } } });
    fetchMock.mockResolvedValue(new Response(body, { status: 400, statusText: 'Bad Request' }));
    const error = await apiWrite('POST', '/api/brands', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe(`400: ${body}`);
    expect((error as ApiError).status).toBe(400);
    expect((error as ApiError).fields).toEqual({ name: 'admin.brandForm.errors.nameRequired' });
  });

  it('fall back to the status text when the body is empty, and are not retried', async () => {
    fetchMock.mockResolvedValue(new Response('', { status: 401, statusText: 'Unauthorized' }));
    await expect(apiRead(['/api/inquiries'])).rejects.toThrow('401: Unauthorized');
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});

describe('the idle clock counts a use from when it was sent (issue 25)', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('an answer that comes back late, after the idle warning opened, does not restart the count; the newest use wins', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const sent = Date.UTC(2026, 10, 27, 1, 0, 0);
    vi.setSystemTime(sent);
    $adminToken.set('token');
    let answer: (response: Response) => void = () => undefined;
    fetchMock.mockReturnValue(new Promise<Response>((resolve) => (answer = resolve)));
    const read = apiRead(['/api/inquiries/some-id']);
    // 29 minutes later (the warning minute of a 30-minute timeout) the slow answer arrives.
    vi.setSystemTime(sent + 29 * 60_000);
    answer(Response.json({ id: 'some-id' }));
    await read;
    expect($lastSessionUse.get()).toBe(sent);
    // A request sent now is a use now; an older one answered after it changes nothing.
    fetchMock.mockResolvedValue(Response.json({}));
    await apiRead(['/api/admin/me']);
    expect($lastSessionUse.get()).toBe(sent + 29 * 60_000);
    noteSessionUse(sent + 60_000);
    expect($lastSessionUse.get()).toBe(sent + 29 * 60_000);
  });
});
