import type { Database } from '@touchline/db';
import {
  readFeedBefore,
  readFeedPage,
  readHomeCard,
  readHomePanels,
  type HomeLeaders,
} from '@touchline/db/posts';
import { parseKeysetCursor, todayInLagos, type HomeResponse } from '@touchline/shared';
import { postsErrors } from './posts.errors';
import type { Viewer } from '../../lib/auth-context';
import { createHomeLeadersCache } from './posts.home-leaders';
import {
  FEED_RULES,
  FEED_SNAPSHOT_REUSE_MS,
  HOME_ACADEMIES,
  HOME_LEADERS_SLACK,
  HOME_LEADERS_TTL_MS,
  HOME_TRIALS,
  postViewerOf,
} from './posts.rules';
import type { PostViews } from './posts.views';

/**
 * The home page (supplement §4): a feed page and the side panels, in two SQL statements whatever
 * the page. Page 1 fixes the viewer's feed order in a snapshot (kept while its first page still
 * matches the timeline, decision 64); later pages slice it, so posts arriving meanwhile never
 * duplicate or skip a post. The panels' shared lists come from a per-instance cache.
 */
export function createFeedService(deps: { db: Database; clock: () => Date; views: PostViews }) {
  const { db, clock, views } = deps;
  const leadersCache = createHomeLeadersCache({ ttlMs: HOME_LEADERS_TTL_MS });

  /** The shared lists seen by one viewer; null when their blocks emptied a truncated list. */
  function leadersFor(viewerId: string, hidden: ReadonlySet<string>, lists: HomeLeaders) {
    const academies = lists.academies.filter((a) => a.id !== viewerId && !hidden.has(a.id));
    const trials = lists.trials.filter((trial) => !hidden.has(trial.academyId));
    const short = (seen: unknown[], all: unknown[], limit: number) =>
      seen.length < limit && all.length >= limit + HOME_LEADERS_SLACK;
    if (
      short(academies, lists.academies, HOME_ACADEMIES) ||
      short(trials, lists.trials, HOME_TRIALS)
    )
      return null;
    return { academies: academies.slice(0, HOME_ACADEMIES), trials: trials.slice(0, HOME_TRIALS) };
  }

  /**
   * The feed part: a numbered page of the snapshot, or (with `before`, which wins) the network's
   * posts older than the cursor. A numbered page's `next` continues the network by cursor after
   * it; on the snapshot's last page that is where the client goes on past it (decision 67).
   */
  async function feedPart(viewer: Viewer, query: HomeQuery, now: Date) {
    const postViewer = postViewerOf(viewer, now);
    const before = query.before ? parseKeysetCursor(query.before) : null;
    if (before) {
      const found = await readFeedBefore(db, postViewer, {
        before,
        pageSize: FEED_RULES.pageSize,
      });
      return { rows: found.rows, has_more: found.next !== null, page: null, next: found.next };
    }
    const page = query.page;
    const found = await readFeedPage(db, postViewer, {
      page,
      rules: FEED_RULES,
      now,
      reuseMs: FEED_SNAPSHOT_REUSE_MS,
    });
    const hasMore = found.total > page * FEED_RULES.pageSize;
    return { rows: found.rows, has_more: hasMore, page, next: found.next };
  }

  return {
    async home(viewer: Viewer, query: HomeQuery): Promise<HomeResponse> {
      const now = clock();
      const today = todayInLagos(now);
      const cached = leadersCache.get(today, now);
      const limits = {
        academiesLimit: HOME_ACADEMIES + HOME_LEADERS_SLACK,
        trialsLimit: HOME_TRIALS + HOME_LEADERS_SLACK,
        today,
      };
      const [feed, card] = await Promise.all([
        feedPart(viewer, query, now),
        readHomeCard(db, viewer.userId, cached ? null : limits),
      ]);
      if (!card) throw postsErrors.userNotFound();
      const lists = cached ?? card.leaders!;
      if (!cached) leadersCache.set(today, now, lists);
      // A viewer who blocked most of the leaders: their own lists (one more statement, rare).
      const seen =
        leadersFor(viewer.userId, new Set(card.hidden), lists) ??
        (await readHomePanels(db, viewer.userId, {
          academiesLimit: HOME_ACADEMIES,
          trialsLimit: HOME_TRIALS,
          today,
        }))!;
      return {
        posts: feed.rows.map((row) => views.post(row, viewer.userId)),
        has_more: feed.has_more,
        page: feed.page,
        next: feed.next,
        user: {
          user_id: viewer.userId,
          username: card.username,
          role: card.role,
          bio: card.bio,
          profile_photo: views.urlOf(card.photo, 'display'),
          open_to_work: card.openToWork,
          friends_count: card.friendsCount,
          followers_count: card.followersCount,
          post_count: card.postCount,
          achievements_count: card.achievementsCount,
        },
        trials: seen.trials.map((trial) => ({
          id: trial.id,
          name: trial.name,
          image: views.urlOf(trial.image, 'thumb'),
          district: trial.district,
          state: trial.state,
        })),
        academies: seen.academies.map((a) => ({
          id: a.id,
          username: a.username,
          userprofile__profile_photo: views.urlOf(a.photo, 'thumb'),
          userprofile__district: a.district,
          userprofile__state: a.state,
        })),
      };
    },
  };
}

/** `?page=` (1 when absent) and `?before=` (a keyset cursor the contract validated). */
export type HomeQuery = { page: number; before?: string };

export type FeedService = ReturnType<typeof createFeedService>;
