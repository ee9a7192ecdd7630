import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseCron, type Cron } from './cron.ts';

type Handler = (req: Request, context: Record<string, unknown>) => Promise<Response> | Response;

export interface ScheduledFunction {
  name: string;
  schedule: string;
  cron: Cron;
  handler: Handler;
}

/** Every `functions/*` with a `config.schedule`, as Netlify finds them. */
export async function loadScheduledFunctions(directory = 'functions'): Promise<ScheduledFunction[]> {
  const files = (await readdir(directory)).filter((file) => /^[^_.].*\.(ts|mjs|js)$/.test(file)).sort();
  const found: ScheduledFunction[] = [];
  for (const file of files) {
    const module = (await import(pathToFileURL(path.resolve(directory, file)).href)) as { default?: Handler; config?: { schedule?: string } };
    if (!module.config?.schedule || !module.default) continue;
    found.push({ name: file.replace(/\.\w+$/, ''), schedule: module.config.schedule, cron: parseCron(module.config.schedule), handler: module.default });
  }
  return found;
}

/**
 * Runs scheduled functions on their cron (UTC) like Netlify does: at the start of each matching minute,
 * with a POST whose body names the next run. A run still going when its next minute comes is not
 * started twice. Failures are logged; the schedule goes on.
 */
export function startScheduler(functions: ScheduledFunction[], origin: string, log = console): { stop(): void } {
  const running = new Set<string>();
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;

  async function run(fn: ScheduledFunction, at: Date) {
    if (running.has(fn.name)) return;
    running.add(fn.name);
    try {
      const req = new Request(`${origin}/.netlify/functions/${fn.name}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ next_run: nextRun(fn.cron, at).toISOString() }),
      });
      const response = await fn.handler(req, { requestId: crypto.randomUUID(), waitUntil: () => undefined });
      if (response.status >= 400) log.error(`scheduled ${fn.name}: ${response.status}`);
    } catch (error) {
      log.error(`scheduled ${fn.name} failed:`, error);
    } finally {
      running.delete(fn.name);
    }
  }

  function tick() {
    if (stopped) return;
    const now = new Date();
    now.setUTCSeconds(0, 0);
    for (const fn of functions) if (fn.cron.matches(now)) void run(fn, now);
    schedule();
  }

  function schedule() {
    const msToNextMinute = 60_000 - (Date.now() % 60_000);
    timer = setTimeout(tick, msToNextMinute + 5);
    timer.unref();
  }

  schedule();
  return {
    stop() {
      stopped = true;
      clearTimeout(timer);
    },
  };
}

/** The next minute after `from` the cron matches (for the invocation body). */
export function nextRun(cron: Cron, from: Date): Date {
  const next = new Date(from);
  next.setUTCSeconds(0, 0);
  for (let i = 0; i < 366 * 24 * 60; i++) {
    next.setTime(next.getTime() + 60_000);
    if (cron.matches(next)) return next;
  }
  return next;
}
