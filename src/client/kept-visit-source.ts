import { UTM_KEYS } from '../shared/inquiry-basics.ts';
import { VISIT_SOURCE_KEY, type VisitSource } from '../scripts/visit-source.ts';

/**
 * The source this visit began with, as the inquiry form sends it, or null when none was kept or what was kept is
 * not one. Kept by every page (src/scripts/visit-source.ts); read only by the form, so not in the chunk every page loads.
 */
export function readVisitSource(): VisitSource | null {
  try {
    const kept: unknown = JSON.parse(window.sessionStorage.getItem(VISIT_SOURCE_KEY) ?? 'null');
    if (!kept || typeof kept !== 'object') return null;
    const { path, referrer, utm } = kept as Record<string, unknown>;
    if (typeof path !== 'string' || (referrer !== null && typeof referrer !== 'string') || !utm || typeof utm !== 'object') return null;
    const known = Object.entries(utm).filter(([key, value]) => (UTM_KEYS as readonly string[]).includes(key) && typeof value === 'string');
    return { path, referrer, utm: Object.fromEntries(known) };
  } catch {
    // Storage refused (private mode, disabled storage) or what is kept is not JSON: no source.
    return null;
  }
}
