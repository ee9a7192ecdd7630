import { readFileSync } from 'node:fs';

/** Linux's clock ticks per second for /proc times (USER_HZ: 100 on every kernel we run on). */
const TICKS_PER_SECOND = 100;

/**
 * CPU time (user + system) a process has used so far, in ms, from /proc/<pid>/stat; null off Linux. The local
 * server runs every function in its one process, so the CPU it spends per request is what a request costs
 * on a quiet machine, while the wall-clock figures beside it also carry the waiting for a shared, loaded CPU.
 */
export function processCpuMs(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces, so split after its closing parenthesis):
    // state is field 3, utime 14 and stime 15.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
  } catch {
    return null;
  }
}

/** The server's CPU ms per request over `requests` requests made while `run` ran; '' when unknown. */
export async function cpuPerRequest(pid: number, requests: number, run: () => Promise<unknown>): Promise<string> {
  const before = processCpuMs(pid);
  await run();
  const after = processCpuMs(pid);
  return before === null || after === null ? '' : `server CPU ${((after - before) / requests).toFixed(1)} ms/request`;
}
