import { and, count, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from '../client';
import { blocks, follows, friendRequests, friendships, users } from '../schema';

/** Serialises changes to one pair of users (requests crossing in flight, block vs request). */
export async function lockPair(executor: Executor, a: string, b: string) {
  const key = a < b ? `${a}:${b}` : `${b}:${a}`;
  await executor.execute(sql`select pg_advisory_xact_lock(hashtext(${key}))`);
}

/* ------------------------------------------------------------------ blocks */

/** True when either user blocked the other. */
export async function isBlockedEitherWay(executor: Executor, a: string, b: string) {
  const [row] = await executor
    .select({ n: count() })
    .from(blocks)
    .where(
      or(
        and(eq(blocks.blockerId, a), eq(blocks.blockedId, b)),
        and(eq(blocks.blockerId, b), eq(blocks.blockedId, a)),
      ),
    );
  return (row?.n ?? 0) > 0;
}

export async function insertBlock(executor: Executor, blockerId: string, blockedId: string) {
  await executor.insert(blocks).values({ blockerId, blockedId }).onConflictDoNothing();
}

export async function deleteBlock(executor: Executor, blockerId: string, blockedId: string) {
  const rows = await executor
    .delete(blocks)
    .where(and(eq(blocks.blockerId, blockerId), eq(blocks.blockedId, blockedId)))
    .returning({ id: blocks.blockedId });
  return rows.length > 0;
}

/**
 * The users `blockerId` blocked, newest first by (created_at, blocked id), `limit` of them after
 * the keyset position `before` (a row's `cursor`: `<created_at to the microsecond>Z~<id>`).
 */
export function listBlocked(
  executor: Executor,
  blockerId: string,
  page: { limit: number; before?: { createdAt: string; id: string } },
) {
  const { before } = page;
  return executor
    .select({
      id: users.id,
      username: users.username,
      role: users.role,
      createdAt: blocks.createdAt,
      cursor: sql<string>`to_char(${blocks.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') || '~' || ${blocks.blockedId}`,
    })
    .from(blocks)
    .innerJoin(users, eq(users.id, blocks.blockedId))
    .where(
      and(
        eq(blocks.blockerId, blockerId),
        before
          ? sql`(${blocks.createdAt}, ${blocks.blockedId}) < (${before.createdAt}::timestamptz, ${before.id}::uuid)`
          : undefined,
      ),
    )
    .orderBy(desc(blocks.createdAt), desc(blocks.blockedId))
    .limit(page.limit);
}

/** Ends every tie between two users: friendship, requests and follows, both ways. */
export async function severTies(executor: Executor, a: string, b: string) {
  await executor
    .delete(friendships)
    .where(
      or(
        and(eq(friendships.userId, a), eq(friendships.friendId, b)),
        and(eq(friendships.userId, b), eq(friendships.friendId, a)),
      ),
    );
  await deleteRequestsBetween(executor, a, b);
  await executor
    .delete(follows)
    .where(
      or(
        and(eq(follows.followerId, a), eq(follows.academyId, b)),
        and(eq(follows.followerId, b), eq(follows.academyId, a)),
      ),
    );
}

/* --------------------------------------------------------- friend requests */

export async function findRequest(executor: Executor, fromUserId: string, toUserId: string) {
  const [row] = await executor
    .select()
    .from(friendRequests)
    .where(and(eq(friendRequests.fromUserId, fromUserId), eq(friendRequests.toUserId, toUserId)));
  return row ?? null;
}

export async function insertRequest(executor: Executor, fromUserId: string, toUserId: string) {
  const [row] = await executor.insert(friendRequests).values({ fromUserId, toUserId }).returning();
  return row!;
}

/** Deletes the request from → to; true when there was one. */
export async function deleteRequest(executor: Executor, fromUserId: string, toUserId: string) {
  const rows = await executor
    .delete(friendRequests)
    .where(and(eq(friendRequests.fromUserId, fromUserId), eq(friendRequests.toUserId, toUserId)))
    .returning({ id: friendRequests.id });
  return rows.length > 0;
}

export async function deleteRequestsBetween(executor: Executor, a: string, b: string) {
  await executor
    .delete(friendRequests)
    .where(
      or(
        and(eq(friendRequests.fromUserId, a), eq(friendRequests.toUserId, b)),
        and(eq(friendRequests.fromUserId, b), eq(friendRequests.toUserId, a)),
      ),
    );
}

const personColumns = {
  id: users.id,
  username: users.username,
  role: users.role,
  state: users.state,
  district: users.district,
  sports: users.sports,
  photoMediaId: users.profilePhotoMediaId,
};
export type PersonRow = {
  id: string;
  username: string;
  role: 'player' | 'academy' | 'admin' | 'guardian';
  state: string | null;
  district: string | null;
  sports: string[];
  photoMediaId: string | null;
  since: Date;
  /** `<since to the microsecond>Z~<person id>`: the keyset cursor of this row. */
  cursor: string;
};

/** A position in a people list: its `since` and the person's id (ties broken by the id). */
export type PeoplePosition = { createdAt: string; id: string };

/** The columns of a people row whose relation began at `since`. */
const personRow = <Since extends AnyPgColumn>(since: Since) => ({
  ...personColumns,
  since,
  cursor: sql<string>`to_char(${since} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') || '~' || ${users.id}`,
});

/** Rows after `before` in (since desc, person id desc) order: exact at equal times. */
const after = (since: AnyPgColumn, before?: PeoplePosition) =>
  before
    ? sql`(${since}, ${users.id}) < (${before.createdAt}::timestamptz, ${before.id}::uuid)`
    : undefined;

/** A relation between two users: its table, when it began, its owner's and the other's column. */
type PeopleRelation = {
  table: PgTable;
  since: AnyPgColumn<{ data: Date; notNull: true }>;
  owner: AnyPgColumn;
  person: AnyPgColumn;
};

/**
 * One page of a people list: the rows of `relation` that belong to `ownerId`, each joined to the
 * person at its other end, reachable people only, newest first by (since, person id), after the
 * keyset position `before`; `also` narrows it further.
 */
function peoplePage(
  executor: Executor,
  relation: PeopleRelation,
  ownerId: string,
  limit: number,
  before?: PeoplePosition,
  also?: SQL,
) {
  return executor
    .select(personRow(relation.since))
    .from(relation.table)
    .innerJoin(users, eq(users.id, relation.person))
    .where(
      and(
        eq(relation.owner, ownerId),
        eq(users.reachable, true),
        after(relation.since, before),
        also,
      ),
    )
    .orderBy(desc(relation.since), desc(users.id))
    .limit(limit);
}

/** A people list over one relation: `(executor, ownerId, limit, before?)` → its page. */
const peopleList =
  (relation: PeopleRelation) =>
  (executor: Executor, ownerId: string, limit: number, before?: PeoplePosition) =>
    peoplePage(executor, relation, ownerId, limit, before);

/** Requests sent to the user, newest first (`before`: a row's keyset position). */
export const listReceivedRequests = peopleList({
  table: friendRequests,
  since: friendRequests.createdAt,
  owner: friendRequests.toUserId,
  person: friendRequests.fromUserId,
});

/** Requests the user sent, newest first (`before`: a row's keyset position). */
export const listSentRequests = peopleList({
  table: friendRequests,
  since: friendRequests.createdAt,
  owner: friendRequests.fromUserId,
  person: friendRequests.toUserId,
});

/* ------------------------------------------------------------- friendships */

export async function insertFriendship(executor: Executor, a: string, b: string) {
  await executor
    .insert(friendships)
    .values([
      { userId: a, friendId: b },
      { userId: b, friendId: a },
    ])
    .onConflictDoNothing();
}

export async function deleteFriendship(executor: Executor, a: string, b: string) {
  const rows = await executor
    .delete(friendships)
    .where(
      or(
        and(eq(friendships.userId, a), eq(friendships.friendId, b)),
        and(eq(friendships.userId, b), eq(friendships.friendId, a)),
      ),
    )
    .returning({ id: friendships.userId });
  return rows.length > 0;
}

export async function areFriends(executor: Executor, a: string, b: string) {
  const [row] = await executor
    .select({ n: count() })
    .from(friendships)
    .where(and(eq(friendships.userId, a), eq(friendships.friendId, b)));
  return (row?.n ?? 0) > 0;
}

/**
 * The user's friends, newest first (`before`: a row's keyset position). With `viewerId`, friends who blocked
 * the viewer, or whom the viewer blocked, are left out: a block hides both sides everywhere,
 * other people's friend lists included.
 */
export function listFriends(
  executor: Executor,
  userId: string,
  limit: number,
  before?: PeoplePosition,
  viewerId?: string,
) {
  const relation = {
    table: friendships,
    since: friendships.createdAt,
    owner: friendships.userId,
    person: friendships.friendId,
  };
  const unblocked = viewerId
    ? sql`not exists (select 1 from ${blocks} b where (b.blocker_id = ${users.id} and b.blocked_id = ${viewerId}) or (b.blocker_id = ${viewerId} and b.blocked_id = ${users.id}))`
    : undefined;
  return peoplePage(executor, relation, userId, limit, before, unblocked);
}

export async function countFriends(executor: Executor, userId: string) {
  const [row] = await executor
    .select({ n: count() })
    .from(friendships)
    .innerJoin(users, eq(users.id, friendships.friendId))
    .where(and(eq(friendships.userId, userId), eq(users.reachable, true)));
  return row?.n ?? 0;
}

/* ----------------------------------------------------------------- follows */

/** True when a new follow was recorded (false when it already existed). */
export async function insertFollow(executor: Executor, followerId: string, academyId: string) {
  const rows = await executor
    .insert(follows)
    .values({ followerId, academyId })
    .onConflictDoNothing()
    .returning({ id: follows.academyId });
  return rows.length > 0;
}

export async function deleteFollow(executor: Executor, followerId: string, academyId: string) {
  const rows = await executor
    .delete(follows)
    .where(and(eq(follows.followerId, followerId), eq(follows.academyId, academyId)))
    .returning({ id: follows.academyId });
  return rows.length > 0;
}

/** The academies the user follows, newest first (`before`: a row's keyset position). */
export const listFollowing = peopleList({
  table: follows,
  since: follows.createdAt,
  owner: follows.followerId,
  person: follows.academyId,
});

export async function countFollowers(executor: Executor, academyId: string) {
  const [row] = await executor
    .select({ n: count() })
    .from(follows)
    .innerJoin(users, eq(users.id, follows.followerId))
    .where(and(eq(follows.academyId, academyId), eq(users.reachable, true)));
  return row?.n ?? 0;
}

/**
 * Which of `ids` the viewer is friends with, has pending requests with, follows or blocked (one
 * query each, whatever the number of ids).
 */
export async function relationshipsOf(executor: Executor, viewerId: string, ids: string[]) {
  if (ids.length === 0)
    return {
      friends: new Set<string>(),
      sent: new Set<string>(),
      received: new Set<string>(),
      following: new Set<string>(),
      blocked: new Set<string>(),
    };
  const [friendRows, sentRows, receivedRows, followRows, blockedRows] = await Promise.all([
    executor
      .select({ id: friendships.friendId })
      .from(friendships)
      .where(and(eq(friendships.userId, viewerId), inArray(friendships.friendId, ids))),
    executor
      .select({ id: friendRequests.toUserId })
      .from(friendRequests)
      .where(and(eq(friendRequests.fromUserId, viewerId), inArray(friendRequests.toUserId, ids))),
    executor
      .select({ id: friendRequests.fromUserId })
      .from(friendRequests)
      .where(and(eq(friendRequests.toUserId, viewerId), inArray(friendRequests.fromUserId, ids))),
    executor
      .select({ id: follows.academyId })
      .from(follows)
      .where(and(eq(follows.followerId, viewerId), inArray(follows.academyId, ids))),
    executor
      .select({ id: blocks.blockedId })
      .from(blocks)
      .where(and(eq(blocks.blockerId, viewerId), inArray(blocks.blockedId, ids))),
  ]);
  const set = (rows: { id: string }[]) => new Set(rows.map((r) => r.id));
  return {
    friends: set(friendRows),
    sent: set(sentRows),
    received: set(receivedRows),
    following: set(followRows),
    blocked: set(blockedRows),
  };
}

export type Relationships = Awaited<ReturnType<typeof relationshipsOf>>;

/**
 * Up to `limit` players to suggest: friends of friends first (by mutual count), then the same
 * district, then the same sport; never the user, friends, pending requests either way, blocks
 * either way, inactive or unverified accounts, or anyone across the 18 line.
 */
export async function suggestFriends(
  executor: Executor,
  user: { id: string; district: string | null; sports: string[] },
  limit: number,
  /** Suggestions stay on the user's side of the 18 line (§13; unknown dates count as minors). */
  ageLine: { adultCutoff: string; userIsMinor: boolean },
) {
  const result = await executor.execute(sql`
    with excluded as (
      select ${user.id}::uuid as id
      union select friend_id from friendships where user_id = ${user.id}
      union select to_user_id from friend_requests where from_user_id = ${user.id}
      union select from_user_id from friend_requests where to_user_id = ${user.id}
      union select blocked_id from blocks where blocker_id = ${user.id}
      union select blocker_id from blocks where blocked_id = ${user.id}
    ),
    fof as (
      select f2.friend_id as id, count(*)::int as mutual
      from friendships f1 join friendships f2 on f2.user_id = f1.friend_id
      where f1.user_id = ${user.id}
      group by f2.friend_id
    )
    select u.id, u.username, u.role, u.state, u.district, u.sports,
      u.profile_photo_media_id as "photoMediaId", u.created_at as since, coalesce(fof.mutual, 0) as mutual
    from users u left join fof on fof.id = u.id
    where u.role = 'player' and u.reachable and u.email_verified_at is not null
      and u.id not in (select id from excluded)
      and (u.dob is null or u.dob > ${ageLine.adultCutoff}::date) = ${ageLine.userIsMinor}::boolean
      and (fof.id is not null or u.district = ${user.district} or u.sports && string_to_array(${user.sports.join(',')}, ','))
    order by coalesce(fof.mutual, 0) desc, (u.district = ${user.district}) desc nulls last, u.created_at desc
    limit ${limit}
  `);
  // node-postgres and PGlite both answer `{ rows }`.
  const rows = (result as unknown as { rows: (PersonRow & { mutual: number })[] }).rows;
  return rows.map((r) => ({ ...r, since: new Date(r.since) }));
}

/* ------------------------------------------------------ children (§13) */

/**
 * The circle that sees a minor's full profile and posts (supplement §13), as a predicate on the
 * minor's id column: their friends, academies they follow or registered with (any trial of the
 * academy, whatever became of the registration), and every verified academy. The minor and
 * administrators are let in by callers.
 */
export function minorCircleSql(minorColumn: SQL, viewerId: string) {
  return sql`(
    exists (select 1 from friendships cf where cf.user_id = ${minorColumn} and cf.friend_id = ${viewerId})
    or exists (select 1 from follows cfo where cfo.follower_id = ${minorColumn} and cfo.academy_id = ${viewerId})
    or exists (
      select 1 from trial_registrations cr join trials ct on ct.id = cr.trial_id
      where cr.player_id = ${minorColumn} and ct.academy_id = ${viewerId}
    )
    or exists (select 1 from users cv where cv.id = ${viewerId} and cv.role = 'academy' and cv.academy_status = 'verified')
  )`;
}

/** Whether the viewer is in the minor's circle (`minorCircleSql`). */
export async function isInMinorCircle(executor: Executor, minorId: string, viewerId: string) {
  const result = await executor.execute(
    sql`select ${minorCircleSql(sql`${minorId}::uuid`, viewerId)} as ok`,
  );
  return Boolean((result as unknown as { rows: { ok: boolean }[] }).rows[0]?.ok);
}
