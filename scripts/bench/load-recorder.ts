import { percentile, printColumns } from './stats.ts';

/** One failed request: which route, what was asked, what came back (the start of the body, or the network error). */
export interface Failure {
  label: string;
  request: string;
  /** The status it answered with; none when the request never got an answer. */
  status?: number;
  problem: string;
}

/** Kinds of failure kept with an example each: a route and a status (or "no answer"). */
const KINDS_KEPT = 20;

/** Durations and failures of a load run, per route label, in the order declared or first seen. */
export class Recorder {
  private readonly durations = new Map<string, number[]>();
  private readonly failures = new Map<string, number>();
  /** Requests that never got an answer, so have no duration but still count as sent. */
  private readonly unanswered = new Map<string, number>();
  /** The first failure of each kind and how often that kind happened. */
  readonly kinds = new Map<string, { example: Failure; count: number }>();

  /** Fixes the order of the table's rows (a row with no requests then shows as 0). */
  declare(labels: Iterable<string>): void {
    for (const label of labels) if (!this.durations.has(label)) this.durations.set(label, []);
  }

  /** A request that got its answer after `ms` (failed or not: its latency is real either way). */
  record(label: string, ms: number): void {
    const list = this.durations.get(label) ?? [];
    list.push(ms);
    this.durations.set(label, list);
  }

  fail(failure: Failure): void {
    this.failures.set(failure.label, (this.failures.get(failure.label) ?? 0) + 1);
    if (!this.durations.has(failure.label)) this.durations.set(failure.label, []);
    if (failure.status === undefined) this.unanswered.set(failure.label, (this.unanswered.get(failure.label) ?? 0) + 1);
    const kind = `${failure.label} → ${failure.status ?? 'no answer'}`;
    const seen = this.kinds.get(kind);
    if (seen) seen.count += 1;
    else if (this.kinds.size < KINDS_KEPT) this.kinds.set(kind, { example: failure, count: 1 });
  }

  get failureCount(): number {
    return [...this.failures.values()].reduce((a, b) => a + b, 0);
  }

  get requestCount(): number {
    const unanswered = [...this.unanswered.values()].reduce((a, b) => a + b, 0);
    return [...this.durations.values()].reduce((sum, list) => sum + list.length, unanswered);
  }

  /** The table: per route the requests sent, their rate over `seconds`, the errors and the answers' p50/p95/p99/max. */
  print(seconds: number): void {
    const ms = (n: number) => (Number.isNaN(n) ? '' : n.toFixed(1));
    const row = (label: string, list: number[], errors: number, unanswered: number) => [
      label,
      String(list.length + unanswered),
      ((list.length + unanswered) / seconds).toFixed(1),
      String(errors),
      ms(percentile(list, 0.5)),
      ms(percentile(list, 0.95)),
      ms(percentile(list, 0.99)),
      ms(list.length ? list.reduce((a, b) => (b > a ? b : a)) : Number.NaN),
    ];
    const cells = [...this.durations].map(([label, list]) =>
      row(label, list, this.failures.get(label) ?? 0, this.unanswered.get(label) ?? 0));
    const unanswered = [...this.unanswered.values()].reduce((a, b) => a + b, 0);
    cells.push(row('all requests', [...this.durations.values()].flat(), this.failureCount, unanswered));
    printColumns(['route', 'count', 'req/s', 'errors', 'p50 ms', 'p95 ms', 'p99 ms', 'max ms'], cells, new Set([1, 2, 3, 4, 5, 6, 7]));
  }
}
