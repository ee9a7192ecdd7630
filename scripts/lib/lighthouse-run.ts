import lighthouse from 'lighthouse';

/** Debian's chromium and the flags every browser run of ours uses (design: Toolchain facts). */
export const CHROME = process.env.CHROME_PATH ?? '/usr/bin/chromium';
export const CHROME_FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync'];

export type LighthouseResult = NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr'];
export const performanceOf = (lhr: LighthouseResult | undefined) => lhr?.categories.performance?.score ?? 0;

/**
 * The median of `runs` Lighthouse runs (mobile preset, Lighthouse's default) of a page, by performance
 * score: on two cores one run's Total Blocking Time swings by hundreds of milliseconds, and Lighthouse's
 * own advice is the median of several runs.
 */
export async function medianRun(url: string, port: number, runs: number): Promise<LighthouseResult | undefined> {
  const results: (LighthouseResult | undefined)[] = [];
  for (let i = 0; i < runs; i += 1) results.push((await lighthouse(url, { port, output: 'json', logLevel: 'error' }))?.lhr);
  results.sort((a, b) => performanceOf(a) - performanceOf(b));
  return results[Math.floor(results.length / 2)];
}

/** A category's score out of 100. */
export const scoreOf = (lhr: LighthouseResult | undefined, key: string) => Math.round((lhr?.categories[key]?.score ?? 0) * 100);

/** A metric formatted for a table: seconds, milliseconds or a plain number; '-' when missing. */
export function metricOf(lhr: LighthouseResult | undefined, id: string, unit: 's' | 'ms' | ''): string {
  const value = lhr?.audits[id]?.numericValue;
  if (value === undefined) return '-';
  return unit === 's' ? `${(value / 1000).toFixed(1)}s` : unit === 'ms' ? `${Math.round(value)}` : value.toFixed(3);
}
