import type { FeedRules, PostViewer } from '@touchline/db/posts';
import { FEED, LIMITS, todayInLagos, yearsBefore } from '@touchline/shared';
import type { Viewer } from '../../lib/auth-context';
import type { ImageVariants } from '../media/media.uploads';

/**
 * Players under this age are minors: their posts are never pushed to strangers, and only their
 * circle (friends, academies they follow) may comment on them.
 */
export const ADULT_AGE = 18;

/** The home feed's numbers (supplement §4): a page of 10, a snapshot of at most 500 posts. */
export const FEED_RULES: FeedRules = {
  pageSize: LIMITS.feedPageSize,
  networkCap: FEED.networkCap,
  popularCap: FEED.popularCap,
  popularDays: FEED.popularDays,
};
export const FEED_MAX_PAGE = Math.ceil((FEED_RULES.networkCap + FEED_RULES.popularCap) / 10);
/**
 * How long page 1 may keep the viewer's snapshot while its first page still matches the
 * timeline (decision 64): the popular ranking's period, which also ends a snapshot's reuse.
 */
export const FEED_SNAPSHOT_REUSE_MS = 5 * 60 * 1000;
export const HOME_ACADEMIES = 3;
/** How old the shared lists of the side panels may be (per instance, decision 64). */
export const HOME_LEADERS_TTL_MS = 15_000;
/** The shared lists hold this many more rows than shown, for viewers who blocked some. */
export const HOME_LEADERS_SLACK = 20;
/** 'Top Trials' on the home page: the three open trials with the most registrations. */
export const HOME_TRIALS = 3;
export const USER_POSTS_PAGE = 10;

/** Post images: a display size for the feed and a thumbnail, both re-encoded without metadata. */
export const POST_IMAGE_VARIANTS: ImageVariants = {
  display: { width: 1280, height: 1280, fit: 'inside' },
  thumb: { width: 480, height: 480, fit: 'inside' },
};

/** The viewer as the post queries take it, with the adult cut-off of today in Lagos. */
export function postViewerOf(viewer: Viewer, now: Date): PostViewer {
  return {
    viewerId: viewer.userId,
    isAdmin: viewer.role === 'admin',
    adultCutoff: yearsBefore(todayInLagos(now), ADULT_AGE),
  };
}
