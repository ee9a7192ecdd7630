import type { Db } from '../db/index.ts';

/**
 * One step of the daily job (steps.ts lists them in order). Idempotent: run twice on one day, the second run
 * changes nothing. Takes `now`, so tests drive it with a controlled clock.
 */
export interface DealDateStep {
  name: string;
  /** Moves what is due at `now`; answers how many records it changed. */
  run(db: Db, now: Date): Promise<number>;
  /** Whether a change of this step is seen on the public site (spaces, brands): the CDN is purged after the run. */
  public: boolean;
}
