import type { Database } from '@touchline/db';
import {
  pruneEmails,
  pruneEmbeddedJobs,
  pruneOutbox,
  pruneUserEvents,
} from '@touchline/db/platform';
import type { JobHandler } from '@touchline/drivers';

const DAY = 24 * 60 * 60 * 1000;
/** Sent and failed e-mails (metadata only) are kept this long for support, then deleted. */
export const EMAIL_RETENTION_DAYS = 30;

/**
 * Deletes published outbox rows after 7 days and stored socket events after 30; the embedded
 * queue's done jobs after a day (like BullMQ's completed jobs) and failed ones after 30 (admins
 * see them meanwhile). Dead-lettered events stay until an admin deals with them. Sent and failed
 * e-mails go after EMAIL_RETENTION_DAYS (their development-mailbox copies with them); the sealed
 * parameters of an e-mail still unsent after a day are wiped (its code expired long ago).
 */
export function createPruneHandler(deps: {
  db: Database;
  clock: () => Date;
}): JobHandler<'maintenance.prune'> {
  return async () => {
    const now = deps.clock().getTime();
    await pruneOutbox(deps.db, new Date(now - 7 * DAY));
    await pruneUserEvents(deps.db, new Date(now - 30 * DAY));
    await pruneEmbeddedJobs(deps.db, {
      doneBefore: new Date(now - DAY),
      failedBefore: new Date(now - 30 * DAY),
    });
    await pruneEmails(deps.db, {
      contentBefore: new Date(now - DAY),
      deleteBefore: new Date(now - EMAIL_RETENTION_DAYS * DAY),
    });
  };
}
