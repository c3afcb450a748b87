import type { Database } from '@touchline/db';
import { markNoShows } from '@touchline/db/trials';
import type { JobHandler } from '@touchline/drivers';

/** Registrations marked per transaction. */
export const NO_SHOW_BATCH_SIZE = 500;

/**
 * Recurring (hourly; supplement §17, decision 50): once a trial's day has ended in Lagos, its
 * `registered` registrants who were not checked in become `no_show`, a batch per transaction.
 * Idempotent (a marked registration is no longer `registered`). The player is not sent a notice:
 * their registration reads 'Did not attend' on /trial_history.
 */
export function createNoShowsHandler(deps: {
  db: Database;
  clock: () => Date;
  batchSize?: number;
}): JobHandler<'trials.mark_no_shows'> {
  const limit = deps.batchSize ?? NO_SHOW_BATCH_SIZE;
  return async () => {
    for (;;) {
      const marked = await deps.db.transaction(async (tx) =>
        markNoShows(tx, { now: deps.clock(), limit }),
      );
      if (marked.length < limit) return;
    }
  };
}
