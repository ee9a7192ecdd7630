/** The q-quantile (0..1) of durations in ms, nearest-rank. */
export function percentile(values: number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1));
  return sorted[index] ?? Number.NaN;
}

/** Runs `request` `count` times one after another and returns each duration in ms. */
export async function timeSequential(count: number, request: (i: number) => Promise<unknown>): Promise<number[]> {
  const durations: number[] = [];
  for (let i = 0; i < count; i += 1) {
    const start = performance.now();
    await request(i);
    durations.push(performance.now() - start);
  }
  return durations;
}

export interface Row {
  measure: string;
  p50?: number;
  p95?: number;
  value?: string;
  budget?: string;
  ok?: boolean;
}

export function printTable(rows: Row[]): void {
  const ms = (n: number | undefined) => (n === undefined ? '' : `${n.toFixed(1)} ms`);
  const cells = rows.map((r) => [r.measure, ms(r.p50), ms(r.p95), r.value ?? '', r.budget ?? '', r.ok === undefined ? '' : r.ok ? 'ok' : 'OVER']);
  printColumns(['measure', 'p50', 'p95', 'result', 'budget', ''], cells);
}

/** Prints `cells` under `header` in aligned columns; the columns numbered in `right` (figures) are right-aligned. */
export function printColumns(header: string[], cells: string[][], right: ReadonlySet<number> = new Set()): void {
  const widths = header.map((h, i) => Math.max(h.length, ...cells.map((c) => (c[i] ?? '').length)));
  const pad = (cell: string, i: number) => (right.has(i) ? cell.padStart(widths[i] ?? 0) : cell.padEnd(widths[i] ?? 0));
  const line = (c: string[]) => c.map(pad).join('  ').trimEnd();
  console.log(line(header));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const c of cells) console.log(line(c));
}
