import type { Database } from '@touchline/db';
import { rankHomePopular } from '@touchline/db/posts';
import type { JobHandler } from '@touchline/drivers';

/**
 * Recurring: the popular posts of the last `FEED.popularDays` ranked per state and per sport by
 * the feed's score now (decision 45), replacing the previous ranking in one transaction; the home
 * feed merges a viewer's scopes after their network at read time.
 */
export function createRankPopularHandler(deps: {
  db: Database;
  clock: () => Date;
}): JobHandler<'feeds.rank_popular'> {
  return async () => {
    await rankHomePopular(deps.db, deps.clock());
  };
}
