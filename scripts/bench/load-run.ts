import { setTimeout as sleep } from 'node:timers/promises';
import { RequestFailed } from './load-http.ts';
import type { Recorder } from './load-recorder.ts';

const FAILURE_PAUSE_MS = 100;

/**
 * Runs `clients` closed-loop clients (no think time: each starts its next round as soon as the last
 * one is answered) until `durationMs` has passed; a round under way then finishes, so nothing is cut
 * off mid-request. A failed request ends only its round; the client pauses briefly before the next, so
 * one that fails at once every time cannot spin. Resolves with the seconds it all took.
 */
export async function runClients(
  clients: number,
  durationMs: number,
  recorder: Recorder,
  round: (client: number, n: number) => Promise<void>,
): Promise<number> {
  const start = performance.now();
  const deadline = start + durationMs;
  await Promise.all(Array.from({ length: clients }, async (_, client) => {
    for (let n = 0; performance.now() < deadline; n += 1) {
      try {
        await round(client, n);
      } catch (error) {
        // A failed request is already recorded; anything else is a fault of this generator, shown as one.
        if (!(error instanceof RequestFailed)) {
          recorder.fail({ label: 'load generator fault', request: `client ${client} round ${n}`, problem: String(error instanceof Error ? error.stack : error) });
        }
        await sleep(FAILURE_PAUSE_MS);
      }
    }
  }));
  return (performance.now() - start) / 1000;
}
