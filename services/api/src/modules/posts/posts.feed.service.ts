import type { Database } from '@touchline/db';
import {
  findPostViews,
  readFeedBefore,
  readHomeCard,
  readHomeFacts,
  readHomeLeaders,
  readHomePanels,
  readSharedPosts,
  type HomeCardRow,
  type HomeLeaders,
  type PostFactsRow,
  type PostViewer,
  type PostViewRow,
  type SharedPostRow,
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
import type { SessionCache } from '../../lib/session-cache';

/** Where the shared parts of posts are remembered (the session cache, decision 70). */
export type PostCache = Pick<SessionCache, 'begin' | 'getPost' | 'storePosts'>;

/** Remembers nothing (services built without an app). */
const NO_POST_CACHE: PostCache = {
  begin: () => 0,
  getPost: () => undefined,
  storePosts: () => undefined,
};

/**
 * The home page (supplement §4): a feed page and the side panels. Page 1 fixes the viewer's feed
 * order in a snapshot (kept while its first page still matches the timeline, decision 64); later
 * pages slice it, so posts arriving meanwhile never duplicate or skip a post. A numbered page is
 * one statement (the page's ids with the viewer's own facts about them, and the viewer's card)
 * when the posts' shared parts are remembered (decision 70); the panels' shared lists come from a
 * per-instance cache.
 */
export function createFeedService(deps: {
  db: Database;
  clock: () => Date;
  views: PostViews;
  posts?: PostCache;
}) {
  const { db, clock, views } = deps;
  const postCache = deps.posts ?? NO_POST_CACHE;
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
   * The page's posts as the viewer sees them: each post's shared part remembered (or read in one
   * statement and remembered) at the version the viewer's facts carry, with those facts. A post
   * whose first comments include someone a block separates from the viewer, or whose shared part
   * moved between the two reads, is hydrated for the viewer alone (`findPostViews`).
   */
  async function postsOf(
    postViewer: PostViewer,
    facts: readonly PostFactsRow[],
    hidden: ReadonlySet<string>,
  ): Promise<PostViewRow[]> {
    const shared = new Map<string, SharedPostRow>();
    const missing: string[] = [];
    for (const fact of facts) {
      const post = postCache.getPost(fact.id);
      if (post && post.version === fact.version) shared.set(fact.id, post);
      else missing.push(fact.id);
    }
    if (missing.length > 0) {
      const begun = postCache.begin();
      const read = await readSharedPosts(db, missing);
      postCache.storePosts(read, begun);
      for (const post of read) shared.set(post.id, post);
    }
    const own: string[] = [];
    const rows = facts.map((fact): PostViewRow | string => {
      const post = shared.get(fact.id);
      if (
        !post ||
        post.version !== fact.version ||
        (hidden.size > 0 && post.comments.some((c) => hidden.has(c.author_id)))
      ) {
        own.push(fact.id);
        return fact.id;
      }
      return viewOf(post, fact);
    });
    if (own.length === 0) return rows as PostViewRow[];
    const hydrated = new Map(
      (await findPostViews(db, postViewer, own)).map((row) => [row.id, row] as const),
    );
    return rows.flatMap((row) =>
      typeof row !== 'string' ? [row] : hydrated.has(row) ? [hydrated.get(row)!] : [],
    );
  }

  /** A numbered page and the card in one statement (the shared lists when not remembered). */
  async function numberedPage(
    viewer: Viewer,
    page: number,
    now: Date,
    limits: LeadersInput | null,
  ) {
    const postViewer = postViewerOf(viewer, now);
    const [found, leaders] = await Promise.all([
      readHomeFacts(db, postViewer, {
        page,
        rules: FEED_RULES,
        now,
        reuseMs: FEED_SNAPSHOT_REUSE_MS,
      }),
      limits ? readHomeLeaders(db, limits) : null,
    ]);
    if (!found.card) throw postsErrors.userNotFound();
    const hidden = new Set(found.card.hidden);
    return {
      rows: await postsOf(postViewer, found.facts, hidden),
      has_more: found.total > page * FEED_RULES.pageSize,
      page,
      next: found.next,
      card: found.card,
      leaders,
    };
  }

  /** Past the snapshot by cursor (decision 67): the page and the card, two statements. */
  async function beforePage(
    viewer: Viewer,
    cursor: NonNullable<ReturnType<typeof parseKeysetCursor>>,
    now: Date,
    limits: LeadersInput | null,
  ) {
    const [found, card] = await Promise.all([
      readFeedBefore(db, postViewerOf(viewer, now), {
        before: cursor,
        pageSize: FEED_RULES.pageSize,
      }),
      readHomeCard(db, viewer.userId, limits),
    ]);
    if (!card) throw postsErrors.userNotFound();
    return {
      rows: found.rows,
      has_more: found.next !== null,
      page: null,
      next: found.next,
      card,
      leaders: card.leaders,
    };
  }

  return {
    async home(viewer: Viewer, query: HomeQuery): Promise<HomeResponse> {
      const now = clock();
      const today = todayInLagos(now);
      const cached = leadersCache.get(today, now);
      const limits = cached
        ? null
        : {
            academiesLimit: HOME_ACADEMIES + HOME_LEADERS_SLACK,
            trialsLimit: HOME_TRIALS + HOME_LEADERS_SLACK,
            today,
          };
      const before = query.before ? parseKeysetCursor(query.before) : null;
      const feed = before
        ? await beforePage(viewer, before, now, limits)
        : await numberedPage(viewer, query.page, now, limits);
      const card: HomeCardRow & { hidden: string[] } = feed.card;
      const lists = cached ?? feed.leaders!;
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

/**
 * A post's card for one viewer: the shared part with the viewer's facts, built field by field
 * (one object shape; rest and spread of the two rows went through V8's generic property copy,
 * ≈ 6 % of a page's CPU).
 */
function viewOf(post: SharedPostRow, fact: PostFactsRow): PostViewRow {
  return {
    id: fact.id,
    authorId: fact.authorId,
    content: post.content,
    createdAt: post.createdAt,
    cursor: post.cursor,
    edited: fact.edited,
    likesCount: fact.likesCount,
    commentsCount: fact.commentsCount,
    mediaKind: post.mediaKind,
    media: post.media,
    username: post.username,
    role: post.role,
    bio: post.bio,
    photo: post.photo,
    isLiked: fact.isLiked,
    canComment: fact.canComment,
    comments: post.comments,
  };
}

type LeadersInput = { academiesLimit: number; trialsLimit: number; today: string };

/** `?page=` (1 when absent) and `?before=` (a keyset cursor the contract validated). */
export type HomeQuery = { page: number; before?: string };

export type FeedService = ReturnType<typeof createFeedService>;
