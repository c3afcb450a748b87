import type { Database } from '@touchline/db';
import { readFeedPage, readHomePanels } from '@touchline/db/posts';
import { todayInLagos, type HomeResponse } from '@touchline/shared';
import { postsErrors } from './posts.errors';
import type { Viewer } from '../../lib/auth-context';
import { FEED_RULES, HOME_ACADEMIES, HOME_TRIALS, postViewerOf } from './posts.rules';
import type { PostViews } from './posts.views';

/**
 * The home page (supplement §4): a feed page and the side panels, in two SQL statements whatever
 * the page. Page 1 fixes the viewer's feed order in a snapshot; later pages slice it, so posts
 * arriving meanwhile never duplicate or skip a post.
 */
export function createFeedService(deps: { db: Database; clock: () => Date; views: PostViews }) {
  const { db, clock, views } = deps;

  return {
    async home(viewer: Viewer, page: number): Promise<HomeResponse> {
      const now = clock();
      const [feed, panels] = await Promise.all([
        readFeedPage(db, postViewerOf(viewer, now), { page, rules: FEED_RULES, now }),
        readHomePanels(db, viewer.userId, {
          academiesLimit: HOME_ACADEMIES,
          trialsLimit: HOME_TRIALS,
          today: todayInLagos(now),
        }),
      ]);
      if (!panels) throw postsErrors.userNotFound();
      return {
        posts: feed.rows.map((row) => views.post(row, viewer.userId)),
        has_more: feed.total > page * FEED_RULES.pageSize,
        page,
        user: {
          user_id: viewer.userId,
          username: panels.username,
          role: panels.role,
          bio: panels.bio,
          profile_photo: views.urlOf(panels.photo, 'display'),
          open_to_work: panels.openToWork,
          friends_count: panels.friendsCount,
          followers_count: panels.followersCount,
          post_count: panels.postCount,
          achievements_count: panels.achievementsCount,
        },
        // 'Top Trials' come with the side panels (one more json column of that statement), so
        // the page stays at two statements.
        trials: panels.trials.map((trial) => ({
          id: trial.id,
          name: trial.name,
          image: views.urlOf(trial.image, 'thumb'),
          district: trial.district,
          state: trial.state,
        })),
        academies: panels.academies.map((a) => ({
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

export type FeedService = ReturnType<typeof createFeedService>;
