import type { Database } from '@touchline/db';
import { appendEvent } from '@touchline/db/outbox';
import { sweepExpiredHolds } from '@touchline/db/trials';
import type { JobHandler } from '@touchline/drivers';

/** Holds expired per transaction. */
export const SWEEP_BATCH_SIZE = 200;

/**
 * Recurring safety net for `trials.expire_hold` (a lost or early delayed job): every pending
 * registration whose hold ran out is expired, its place freed and `registration.expired`
 * written, a batch per transaction.
 */
export function createSweepHoldsHandler(deps: {
  db: Database;
  clock: () => Date;
  batchSize?: number;
}): JobHandler<'trials.sweep_holds'> {
  const limit = deps.batchSize ?? SWEEP_BATCH_SIZE;
  return async () => {
    for (;;) {
      const expired = await deps.db.transaction(async (tx) => {
        const rows = await sweepExpiredHolds(tx, { now: deps.clock(), limit });
        for (const row of rows) {
          await appendEvent(tx, {
            type: 'registration.expired',
            payload: { registrationId: row.id },
          });
        }
        return rows.length;
      });
      if (expired < limit) return;
    }
  };
}
