import type { Database } from '@touchline/db';
import { appendEvent } from '@touchline/db/outbox';
import { expireHold } from '@touchline/db/trials';
import type { JobHandler } from '@touchline/drivers';

/**
 * A pending registration's hold ran out: in one transaction it becomes `expired`, its place is
 * freed, its pending payment fails ('expired') and `registration.expired` is written (the player
 * is told). A no-op when it is no longer pending (paid, cancelled, expired by the sweep) or its
 * hold has not run out yet (the sweep catches it later), so a rerun changes nothing.
 */
export function createExpireHoldHandler(deps: {
  db: Database;
  clock: () => Date;
}): JobHandler<'trials.expire_hold'> {
  return async ({ data }) => {
    await deps.db.transaction(async (tx) => {
      const result = await expireHold(tx, {
        registrationId: data.registrationId,
        now: deps.clock(),
      });
      if (result.expired) {
        await appendEvent(tx, {
          type: 'registration.expired',
          payload: { registrationId: data.registrationId },
        });
      }
    });
  };
}
