import type { Database } from '@touchline/db';
import { rankHomePopular, rebuildTimelinesBatch } from '@touchline/db/posts';
import { FEED } from '@touchline/shared';

/** Users whose timelines are rebuilt per transaction. */
const REBUILD_BATCH = 200;

/**
 * Rebuilds every home timeline from the database (each user's newest `FEED.timelineCap`
 * network posts), a batch of users per transaction, then ranks the popular posts as the
 * recurring `feeds.rank_popular` job does (decision 45). For `npm run feeds:build` (after a
 * restore or a change of the ranking), the demo seed and the bench. Answers the users rebuilt.
 */
export async function rebuildHomeFeeds(db: Database, now: Date): Promise<number> {
  let after: string | null = null;
  let users = 0;
  for (;;) {
    const from: string | null = after;
    const batch: string[] = await db.transaction((tx) =>
      rebuildTimelinesBatch(tx, { after: from, limit: REBUILD_BATCH, cap: FEED.timelineCap }),
    );
    users += batch.length;
    if (batch.length < REBUILD_BATCH) break;
    after = batch.at(-1)!;
  }
  await rankHomePopular(db, now);
  return users;
}
