import { pruneOutbox, pruneUserEvents, type Database } from '@touchline/db';
import type { JobHandler } from '@touchline/drivers';

const DAY = 24 * 60 * 60 * 1000;

/** Deletes published outbox rows after 7 days and stored socket events after 30. */
export function createPruneHandler(deps: {
  db: Database;
  clock: () => Date;
}): JobHandler<'maintenance.prune'> {
  return async () => {
    const now = deps.clock().getTime();
    await pruneOutbox(deps.db, new Date(now - 7 * DAY));
    await pruneUserEvents(deps.db, new Date(now - 30 * DAY));
  };
}
