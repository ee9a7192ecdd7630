import { afterEach, describe, expect, it, vi } from 'vitest';
import { parseCron } from '../../netlify-local/cron.ts';
import { loadScheduledFunctions, nextRun, startScheduler } from '../../netlify-local/scheduled-functions.ts';

const at = (iso: string) => new Date(iso);

describe('local scheduled functions', () => {
  afterEach(() => vi.useRealTimers());

  it('reads cron expressions as Netlify does (UTC, nicknames, lists, ranges, steps)', () => {
    expect(parseCron('@hourly').matches(at('2026-01-01T05:00:00Z'))).toBe(true);
    expect(parseCron('@hourly').matches(at('2026-01-01T05:01:00Z'))).toBe(false);
    expect(parseCron('* * * * *').matches(at('2026-07-04T13:37:00Z'))).toBe(true);
    expect(parseCron('*/15 9-17 * * 1-5').matches(at('2026-11-23T09:45:00Z'))).toBe(true); // a Monday
    expect(parseCron('*/15 9-17 * * 1-5').matches(at('2026-11-22T09:45:00Z'))).toBe(false); // a Sunday
    expect(parseCron('0 0 1,15 * 7').matches(at('2026-11-22T00:00:00Z'))).toBe(true); // Sunday counts (day OR weekday)
    expect(() => parseCron('61 * * * *')).toThrow(/Invalid cron field/);
    expect(() => parseCron('* * *')).toThrow(/five fields/);
    expect(nextRun(parseCron('@daily'), at('2026-01-01T05:10:00Z')).toISOString()).toBe('2026-01-02T00:00:00.000Z');
  });

  it('finds the hourly upload sweep and the every-minute notification drain', async () => {
    const found = await loadScheduledFunctions();
    expect(found.map((fn) => [fn.name, fn.schedule])).toEqual(expect.arrayContaining([['objects-sweep', '@hourly'], ['outbox-drain', '* * * * *']]));
  });

  it('runs a function at each matching minute with a POST naming the next run', async () => {
    vi.useFakeTimers({ now: at('2026-01-01T05:59:30Z') });
    const calls: { method: string; body: unknown }[] = [];
    const handler = async (req: Request) => (calls.push({ method: req.method, body: await req.json() }), new Response(null, { status: 204 }));
    const scheduler = startScheduler([{ name: 'hourly', schedule: '@hourly', cron: parseCron('@hourly'), handler }], 'http://127.0.0.1:1');
    await vi.advanceTimersByTimeAsync(31_000);
    expect(calls).toEqual([{ method: 'POST', body: { next_run: '2026-01-01T07:00:00.000Z' } }]);
    await vi.advanceTimersByTimeAsync(59 * 60_000);
    expect(calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(calls).toHaveLength(2);
    scheduler.stop();
  });
});
