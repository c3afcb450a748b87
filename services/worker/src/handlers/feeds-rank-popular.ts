import type { Database } from '@touchline/db';
import { rankPopularPosts } from '@touchline/db/posts';
import type { JobHandler } from '@touchline/drivers';
import { adultCutoffOn, FEED, todayInLagos } from '@touchline/shared';

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
    const now = deps.clock();
    await deps.db.transaction((tx) =>
      rankPopularPosts(tx, {
        now,
        days: FEED.popularDays,
        perScope: FEED.popularPerScope,
        adultCutoff: adultCutoffOn(todayInLagos(now)),
      }),
    );
  };
}
