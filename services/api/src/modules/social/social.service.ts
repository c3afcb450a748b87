import {
  appendEvent,
  areFriends,
  countFollowers,
  countFriends,
  deleteBlock,
  deleteFollow,
  deleteFriendship,
  deleteRequest,
  findRequest,
  findUserById,
  insertBlock,
  insertFollow,
  insertFriendship,
  insertRequest,
  isBlockedEitherWay,
  listBlocked,
  listFollowing,
  listFriends,
  listReceivedRequests,
  listSentRequests,
  lockPair,
  relationshipsOf,
  severTies,
  suggestFriends,
  type Database,
  type Executor,
  type PersonRow,
  type Relationships,
} from '@touchline/db';
import { socialErrors } from './social.errors';

export type Relationship = {
  friend_status:
    'self' | 'friends' | 'request_sent' | 'request_received' | 'none' | 'not_applicable';
  is_following: boolean;
  blocked_by_me: boolean;
};

const SUGGESTIONS = 7;

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
export function createSocialService(deps: { db: Database }) {
  const { db } = deps;

  /** The other user when they exist, are active, and neither side blocked the other. */
  async function reachable(executor: Executor, me: string, otherId: string) {
    if (me === otherId) throw socialErrors.self();
    const other = await findUserById(executor, otherId);
    if (!other || !other.isActive || other.role === 'admin') throw socialErrors.notFound();
    if (await isBlockedEitherWay(executor, me, otherId)) throw socialErrors.notFound();
    return other;
  }

  async function requirePlayer(executor: Executor, userId: string) {
    const user = await findUserById(executor, userId);
    if (!user || user.role !== 'player') throw socialErrors.playersOnly();
    return user;
  }

  return {
    /** A request to someone who already asked you accepts theirs; no duplicates either way. */
    async sendRequest(me: string, to: string) {
      return db.transaction(async (tx) => {
        await lockPair(tx, me, to);
        await requirePlayer(tx, me);
        const other = await reachable(tx, me, to);
        if (other.role !== 'player') throw socialErrors.playersOnly();
        if (await areFriends(tx, me, to)) throw socialErrors.alreadyFriends();
        if (await findRequest(tx, me, to)) throw socialErrors.alreadyRequested();
        if (await deleteRequest(tx, to, me)) {
          await insertFriendship(tx, me, to);
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
        await reachable(tx, me, from);
        await insertFriendship(tx, me, from);
        await appendEvent(tx, { type: 'friend.accepted', payload: { userId: me, friendId: from } });
      });
    },

    async declineRequest(me: string, from: string) {
      if (!(await deleteRequest(db, from, me))) throw socialErrors.noRequest();
    },

    async unfriend(me: string, other: string) {
      if (!(await deleteFriendship(db, me, other))) throw socialErrors.notFriends();
    },

    async follow(me: string, academyId: string) {
      await db.transaction(async (tx) => {
        await lockPair(tx, me, academyId);
        const user = await findUserById(tx, me);
        if (user?.role !== 'player') throw socialErrors.followersArePlayers();
        const academy = await reachable(tx, me, academyId);
        if (academy.role !== 'academy') throw socialErrors.academiesOnly();
        if (await insertFollow(tx, me, academyId)) {
          await appendEvent(tx, { type: 'follow.created', payload: { followerId: me, academyId } });
        }
      });
    },

    async unfollow(me: string, academyId: string) {
      if (!(await deleteFollow(db, me, academyId))) throw socialErrors.notFollowing();
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
      });
    },

    async unblock(me: string, other: string) {
      if (!(await deleteBlock(db, me, other))) throw socialErrors.notBlocked();
    },

    listBlocked: (me: string) => listBlocked(db, me),

    friends: (userId: string, limit: number, before?: Date) =>
      listFriends(db, userId, limit, before),
    received: (me: string, limit: number, before?: Date) =>
      listReceivedRequests(db, me, limit, before),
    sent: (me: string, limit: number, before?: Date) => listSentRequests(db, me, limit, before),
    following: (me: string, limit: number, before?: Date) => listFollowing(db, me, limit, before),
    countFriends: (userId: string) => countFriends(db, userId),
    countFollowers: (academyId: string) => countFollowers(db, academyId),

    /** Whether the viewer may see the other user at all (neither blocked the other). */
    async canSee(viewerId: string, otherId: string) {
      return viewerId === otherId || !(await isBlockedEitherWay(db, viewerId, otherId));
    },

    async suggestions(me: string): Promise<PersonRow[]> {
      const user = await findUserById(db, me);
      if (!user || user.role !== 'player') return [];
      return suggestFriends(db, user, SUGGESTIONS);
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
      return relationshipFrom(sets, otherId, bothPlayers);
    },
  };
}

export type SocialService = ReturnType<typeof createSocialService>;
