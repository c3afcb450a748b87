import type { Database, Executor } from '@touchline/db';
import { appendEvent } from '@touchline/db/platform';
import {
  areFriends,
  countFollowers,
  countFriends,
  deleteBlock,
  deleteFollow,
  deleteFriendship,
  deleteRequest,
  findRequest,
  insertBlock,
  insertFollow,
  insertFriendship,
  insertRequest,
  isBlockedEitherWay,
  isInMinorCircle,
  listBlocked,
  listFollowing,
  listFriends,
  listReceivedRequests,
  listSentRequests,
  lockPair,
  relationshipsOf,
  severTies,
  suggestFriends,
  type PeoplePosition,
  type PersonRow,
  type Relationships,
} from '@touchline/db/social';
import { findUserById } from '@touchline/db/users';
import {
  dropAuthorFromTimeline,
  dropTieFromTimelines,
  mergeAuthorIntoTimeline,
} from '@touchline/db/posts';
import {
  adultCutoffOn,
  FEED,
  isMinorOn,
  parseKeysetCursor,
  todayInLagos,
  type Role,
} from '@touchline/shared';
import type { Viewer } from '../../lib/auth-context';
import { socialErrors } from './social.errors';

/** A person in a social list, as the service answers it (routes shape it, never query it). */
export type { PersonRow };

export type Relationship = {
  friend_status:
    'self' | 'friends' | 'request_sent' | 'request_received' | 'none' | 'not_applicable';
  is_following: boolean;
  blocked_by_me: boolean;
};

const SUGGESTIONS = 7;

/**
 * Home timelines follow the ties (decision 45), inside the tie's transaction: a new friend's or
 * followed academy's recent posts merge in; an ended tie (unfriend, unfollow, block) takes the
 * other's posts out (`dropTieFromTimelines`, `dropAuthorFromTimeline`).
 */
const timelines = {
  async tie(tx: Executor, a: string, b: string) {
    await mergeAuthorIntoTimeline(tx, { userId: a, authorId: b, cap: FEED.timelineCap });
    await mergeAuthorIntoTimeline(tx, { userId: b, authorId: a, cap: FEED.timelineCap });
  },
  follow: (tx: Executor, follower: string, academy: string) =>
    mergeAuthorIntoTimeline(tx, { userId: follower, authorId: academy, cap: FEED.timelineCap }),
};

/**
 * The viewer's relationship to one user, read from the sets `relationshipsOf` answers.
 * Friendship applies only between two players.
 */
export function relationshipFrom(
  sets: Relationships,
  id: string,
  bothPlayers: boolean,
): Relationship {
  const friend_status: Relationship['friend_status'] = !bothPlayers
    ? 'not_applicable'
    : sets.friends.has(id)
      ? 'friends'
      : sets.sent.has(id)
        ? 'request_sent'
        : sets.received.has(id)
          ? 'request_received'
          : 'none';
  return {
    friend_status,
    is_following: sets.following.has(id),
    blocked_by_me: sets.blocked.has(id),
  };
}

/**
 * Friends (players), follows (players → academies) and blocks (anyone). Every change to a pair of
 * users takes the pair's lock first, so crossing requests and a block racing a request resolve
 * one way. Notifications leave through the outbox.
 */
export function createSocialService(deps: { db: Database; clock: () => Date }) {
  const { db } = deps;
  const today = () => todayInLagos(deps.clock());
  /** A player under 18 today in Lagos (unknown dates of birth count as minors, §13). */
  const isMinor = (user: { role: Role; dob: string | null }) =>
    user.role === 'player' && isMinorOn(user.dob, today());

  /** Friendship never crosses the 18 line: an adult player and a minor (supplement §13). */
  function requireSameSideOfAgeLine(a: { dob: string | null }, b: { dob: string | null }) {
    if (isMinorOn(a.dob, today()) !== isMinorOn(b.dob, today())) throw socialErrors.acrossAgeLine();
  }

  /**
   * Whether the viewer sees the target's full profile, posts and lists (supplement §13): always
   * for the target themselves, administrators and anyone looking at an adult or an academy; a
   * minor's only for their circle (`isInMinorCircle`). Blocks are `canSee`'s business.
   */
  async function seesFullProfile(
    viewer: Viewer,
    target: { id: string; role: Role; dob: string | null },
  ) {
    if (viewer.userId === target.id || viewer.role === 'admin' || !isMinor(target)) return true;
    return isInMinorCircle(db, target.id, viewer.userId);
  }

  /** The other user when they exist, are active, and neither side blocked the other. */
  async function reachable(executor: Executor, me: string, otherId: string) {
    if (me === otherId) throw socialErrors.self();
    const other = await findUserById(executor, otherId);
    // Reachable (decision 37): active and, for a child, with consent; guardians are nobody's contact.
    if (!other || !other.reachable || other.role === 'admin' || other.role === 'guardian')
      throw socialErrors.notFound();
    if (await isBlockedEitherWay(executor, me, otherId)) throw socialErrors.notFound();
    return other;
  }

  async function requirePlayer(executor: Executor, userId: string) {
    const user = await findUserById(executor, userId);
    if (!user || user.role !== 'player') throw socialErrors.playersOnly();
    return user;
  }

  return {
    seesFullProfile,

    /** A request to someone who already asked you accepts theirs; no duplicates either way. */
    async sendRequest(me: string, to: string) {
      return db.transaction(async (tx) => {
        await lockPair(tx, me, to);
        const self = await requirePlayer(tx, me);
        const other = await reachable(tx, me, to);
        if (other.role !== 'player') throw socialErrors.playersOnly();
        requireSameSideOfAgeLine(self, other);
        if (await areFriends(tx, me, to)) throw socialErrors.alreadyFriends();
        if (await findRequest(tx, me, to)) throw socialErrors.alreadyRequested();
        if (await deleteRequest(tx, to, me)) {
          await insertFriendship(tx, me, to);
          await timelines.tie(tx, me, to);
          await appendEvent(tx, { type: 'friend.accepted', payload: { userId: me, friendId: to } });
          return { status: 'friends' as const };
        }
        await insertRequest(tx, me, to);
        await appendEvent(tx, {
          type: 'friend.requested',
          payload: { fromUserId: me, toUserId: to },
        });
        return { status: 'request_sent' as const };
      });
    },

    async cancelRequest(me: string, to: string) {
      if (!(await deleteRequest(db, me, to))) throw socialErrors.noRequest();
    },

    async acceptRequest(me: string, from: string) {
      await db.transaction(async (tx) => {
        await lockPair(tx, me, from);
        if (!(await deleteRequest(tx, from, me))) throw socialErrors.noRequest();
        const other = await reachable(tx, me, from);
        // A request sent before the line was enforced (or before a birthday moved it) stays pending.
        requireSameSideOfAgeLine((await findUserById(tx, me))!, other);
        await insertFriendship(tx, me, from);
        await timelines.tie(tx, me, from);
        await appendEvent(tx, { type: 'friend.accepted', payload: { userId: me, friendId: from } });
      });
    },

    async declineRequest(me: string, from: string) {
      if (!(await deleteRequest(db, from, me))) throw socialErrors.noRequest();
    },

    async unfriend(me: string, other: string) {
      await db.transaction(async (tx) => {
        if (!(await deleteFriendship(tx, me, other))) throw socialErrors.notFriends();
        await dropTieFromTimelines(tx, me, other);
      });
    },

    async follow(me: string, academyId: string) {
      await db.transaction(async (tx) => {
        await lockPair(tx, me, academyId);
        const user = await findUserById(tx, me);
        if (user?.role !== 'player') throw socialErrors.followersArePlayers();
        const academy = await reachable(tx, me, academyId);
        if (academy.role !== 'academy') throw socialErrors.academiesOnly();
        if (await insertFollow(tx, me, academyId)) {
          await timelines.follow(tx, me, academyId);
          await appendEvent(tx, { type: 'follow.created', payload: { followerId: me, academyId } });
        }
      });
    },

    async unfollow(me: string, academyId: string) {
      await db.transaction(async (tx) => {
        if (!(await deleteFollow(tx, me, academyId))) throw socialErrors.notFollowing();
        await dropAuthorFromTimeline(tx, me, academyId);
      });
    },

    /** Ends friendship, requests and follows both ways, and hides each from the other. */
    async block(me: string, other: string) {
      await db.transaction(async (tx) => {
        await lockPair(tx, me, other);
        if (me === other) throw socialErrors.self();
        const target = await findUserById(tx, other);
        if (!target) throw socialErrors.notFound();
        await severTies(tx, me, other);
        await insertBlock(tx, me, other);
        await dropTieFromTimelines(tx, me, other);
      });
    },

    async unblock(me: string, other: string) {
      if (!(await deleteBlock(db, me, other))) throw socialErrors.notBlocked();
    },

    /** The users I blocked, newest first, keyset-paged (`before`: a row's `cursor`). */
    listBlocked: (me: string, page: { limit: number; before?: string }) =>
      listBlocked(db, me, {
        limit: page.limit,
        before: page.before ? (parseKeysetCursor(page.before) ?? undefined) : undefined,
      }),

    /** A user's friends as the viewer may see them: no one who blocked the viewer, or was blocked. */
    friends: (viewerId: string, userId: string, limit: number, before?: PeoplePosition) =>
      listFriends(db, userId, limit, before, viewerId),
    received: (me: string, limit: number, before?: PeoplePosition) =>
      listReceivedRequests(db, me, limit, before),
    sent: (me: string, limit: number, before?: PeoplePosition) =>
      listSentRequests(db, me, limit, before),
    following: (me: string, limit: number, before?: PeoplePosition) =>
      listFollowing(db, me, limit, before),
    countFriends: (userId: string) => countFriends(db, userId),
    countFollowers: (academyId: string) => countFollowers(db, academyId),

    /**
     * 404 unless the viewer may list the user's friends: no block either way, and a minor's list
     * only for their circle (supplement §13), as their profile's lists answer.
     */
    async requireFriendsVisible(viewer: Viewer, userId: string) {
      if (viewer.userId === userId) return;
      const target = await findUserById(db, userId);
      if (!target) return;
      if (
        (await isBlockedEitherWay(db, viewer.userId, userId)) ||
        !(await seesFullProfile(viewer, target))
      )
        throw socialErrors.notFound();
    },

    /** Whether the viewer may see the other user at all (neither blocked the other). */
    async canSee(viewerId: string, otherId: string) {
      return viewerId === otherId || !(await isBlockedEitherWay(db, viewerId, otherId));
    },

    async suggestions(me: string): Promise<PersonRow[]> {
      const user = await findUserById(db, me);
      if (!user || user.role !== 'player') return [];
      return suggestFriends(db, user, SUGGESTIONS, {
        adultCutoff: adultCutoffOn(today()),
        userIsMinor: isMinor(user),
      });
    },

    /** The viewer's relationship to several users at once (search rows, lists). */
    relationshipsOf: (viewerId: string, ids: string[]) => relationshipsOf(db, viewerId, ids),

    async relationship(viewerId: string, otherId: string): Promise<Relationship> {
      if (viewerId === otherId) {
        return { friend_status: 'self', is_following: false, blocked_by_me: false };
      }
      const [viewer, other, sets] = await Promise.all([
        findUserById(db, viewerId),
        findUserById(db, otherId),
        relationshipsOf(db, viewerId, [otherId]),
      ]);
      const bothPlayers = viewer?.role === 'player' && other?.role === 'player';
      const relationship = relationshipFrom(sets, otherId, bothPlayers);
      // Across the 18 line no request is possible (§13): the profile offers no 'Add friend'.
      if (relationship.friend_status === 'none' && isMinor(viewer!) !== isMinor(other!))
        relationship.friend_status = 'not_applicable';
      return relationship;
    },
  };
}

export type SocialService = ReturnType<typeof createSocialService>;
