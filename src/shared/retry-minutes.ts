/**
 * How long a person is told to wait after a 429: whole minutes, at least 1, for its Retry-After of `seconds`. Apart
 * from the limits (abuse.ts), which the panel's and the inquiry form's API code import: a module they import goes
 * into the islands' chunk (astro.config.mjs), and the privacy request pages, static, loaded 12.7 KB of framework for
 * this one line (npm run audit, tests/e2e/island-bundles.spec.ts).
 */
export function retryMinutes(seconds: number): number {
  return Math.max(1, Math.ceil(seconds / 60));
}
