import type { Db } from '../db/index.ts';
import { CACHE_TAGS, purgeTags } from '../http/cdn-cache.ts';
import { drainOutbox } from '../notify/outbox.ts';
import { DEAL_DATE_STEPS, type DealDateStep } from './steps.ts';

export interface DealDatesRun {
  /** Records changed per step; a failed step has its error's message instead. */
  steps: Record<string, number | string>;
}

/** Runs every step of the daily job at `now`, in order (src/server/deal-dates/steps.ts), then purges and mails. */
export async function runDealDates(db: Db, now: Date, steps: readonly DealDateStep[] = DEAL_DATE_STEPS): Promise<DealDatesRun> {
  const run: DealDatesRun = { steps: {} };
  let publicChanged = false;
  for (const step of steps) {
    try {
      const changed = await step.run(db, now);
      run.steps[step.name] = changed;
      if (changed > 0 && step.public) publicChanged = true;
    } catch (error) {
      console.error(`deal dates: step ${step.name} failed`, error);
      run.steps[step.name] = error instanceof Error ? error.message : String(error);
    }
  }
  if (publicChanged) await purgeTags([CACHE_TAGS.units, CACHE_TAGS.brands]);
  await drainOutbox(db).catch((error: unknown) => console.error(error));
  return run;
}
