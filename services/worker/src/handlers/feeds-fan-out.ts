import type { Database } from '@touchline/db';
import { fanOutPostBatch } from '@touchline/db/posts';
import type { JobHandler } from '@touchline/drivers';
import { FEED } from '@touchline/shared';

/**
 * A new post into the home timelines of its author, their friends and their followers (decision
 * 45): users in id order, `FEED.fanOutBatch` of them per statement (insert and trim together),
 * each timeline kept at its newest `FEED.timelineCap` entries. Idempotent: a rerun after a crash
 * inserts only what is missing. Nothing for a post removed or deleted meanwhile.
 */
export function createFeedFanOutHandler(deps: {
  db: Database;
  batchSize?: number;
  cap?: number;
}): JobHandler<'feeds.fan_out'> {
  const limit = deps.batchSize ?? FEED.fanOutBatch;
  const cap = deps.cap ?? FEED.timelineCap;
  return async ({ data }) => {
    let after: string | null = null;
    for (;;) {
      const batch = await fanOutPostBatch(deps.db, { postId: data.postId, after, limit, cap });
      if (batch.count < limit || batch.last === null) return;
      after = batch.last;
    }
  };
}
