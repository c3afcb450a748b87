import { ADULT_AGE, yearsBefore } from '@touchline/shared';
import { sql } from 'drizzle-orm';
import type { Executor } from '../client';
import { rowsOf } from '../sql';

type Role = 'player' | 'academy' | 'admin' | 'guardian';
type AcademyStatus = 'unverified' | 'verified' | 'declined' | null;

export type ChatPartyFacts = {
  id: string;
  role: Role;
  /**
   * Reachable (decision 37): active (not blocked, not deleted) and, for a child, with a
   * guardian's consent. A child awaiting consent can neither message nor be messaged.
   */
  isActive: boolean;
  /** A player under 18 today in Lagos (an unknown date of birth counts as a minor). */
  isMinor: boolean;
  academyStatus: AcademyStatus;
  /**
   * Who may message this user, as a guardian set it for a child (supplement §14): applies while
   * the user is a minor; `friends_and_academies` is the default.
   */
  messaging: ChildMessagingSetting;
};

type ChildMessagingSetting = 'friends_and_academies' | 'friends' | 'nobody';

export type ChatPairFacts = {
  sender: ChatPartyFacts;
  /** Null when no such user exists. */
  receiver: (ChatPartyFacts & { openToWork: boolean; emailVerified: boolean }) | null;
  /** A block in either direction. */
  blocked: boolean;
  /** The two are friends. */
  friends: boolean;
  /** One of the two follows the other (players follow academies). */
  follows: boolean;
  /** One of the two has a registration (any status) for a trial of the other. */
  registered: boolean;
};

type RawPairFacts = {
  sId: string | null;
  sRole: Role;
  sActive: boolean;
  sMinor: boolean;
  sStatus: AcademyStatus;
  sMessaging: ChildMessagingSetting;
  rId: string | null;
  rRole: Role;
  rActive: boolean;
  rMinor: boolean;
  rStatus: AcademyStatus;
  rMessaging: ChildMessagingSetting;
  rOpenToWork: boolean;
  rVerified: boolean;
  blocked: boolean;
  friends: boolean;
  follows: boolean;
  registered: boolean;
};

/**
 * What decides whether `senderId` may message `receiverId` (supplement §7, §13), in one query.
 * `today` is Lagos today (`YYYY-MM-DD`): a player born after `today` minus 18 years is a minor.
 */
export async function chatPairFacts(
  executor: Executor,
  senderId: string,
  receiverId: string,
  today: string,
): Promise<ChatPairFacts> {
  const facts = await chatPairFactsFor(executor, senderId, [receiverId], today);
  return facts.get(receiverId)!;
}

/**
 * The facts of `senderId` with each of `receiverIds` (a chat list's partners, whom a presence
 * change goes to), in one query; keyed by receiver id (a missing user has `receiver: null`).
 */
export async function chatPairFactsFor(
  executor: Executor,
  senderId: string,
  receiverIds: readonly string[],
  today: string,
): Promise<Map<string, ChatPairFacts>> {
  const facts = new Map<string, ChatPairFacts>();
  if (receiverIds.length === 0) return facts;
  const cutoff = yearsBefore(today, ADULT_AGE);
  const minor = (alias: 'su' | 'ru') => {
    const u = sql.raw(alias);
    return sql`(${u}.role = 'player' and (${u}.dob is null or ${u}.dob > ${cutoff}::date))`;
  };
  const s = sql`${senderId}::uuid`;
  const r = sql`pair.receiver_id`;
  const ids = sql.join(
    [...new Set(receiverIds)].map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  const result = await executor.execute(sql`
    select pair.receiver_id as "pairId",
      su.id as "sId", su.role as "sRole", su.reachable as "sActive", ${minor('su')} as "sMinor",
      su.academy_status as "sStatus", su.messaging as "sMessaging",
      ru.id as "rId", ru.role as "rRole", ru.reachable as "rActive", ${minor('ru')} as "rMinor",
      ru.academy_status as "rStatus", ru.messaging as "rMessaging", coalesce(rp.open_to_work, false) as "rOpenToWork",
      (ru.email_verified_at is not null) as "rVerified",
      exists (select 1 from blocks b
        where (b.blocker_id = ${s} and b.blocked_id = ${r})
           or (b.blocker_id = ${r} and b.blocked_id = ${s})) as blocked,
      exists (select 1 from friendships f where f.user_id = ${s} and f.friend_id = ${r}) as friends,
      exists (select 1 from follows fo
        where (fo.follower_id = ${s} and fo.academy_id = ${r})
           or (fo.follower_id = ${r} and fo.academy_id = ${s})) as follows,
      -- Only a live registration the academy can see gives it reach (issue 25 item 9): not one
      -- cancelled, expired or declined, nor one still waiting for the guardian (decision 42).
      exists (select 1 from trial_registrations tr join trials tt on tt.id = tr.trial_id
        where ((tr.player_id = ${s} and tt.academy_id = ${r})
            or (tr.player_id = ${r} and tt.academy_id = ${s}))
          and tr.academy_visible
          and tr.status in ('pending_payment', 'registered', 'selected')) as registered
    from unnest(array[${ids}]) as pair(receiver_id)
    left join users su on su.id = ${s}
    left join users ru on ru.id = pair.receiver_id
    left join profiles rp on rp.user_id = ru.id`);
  for (const row of rowsOf<RawPairFacts & { pairId: string }>(result)) {
    if (row.sId === null) throw new Error('chatPairFacts: the sender does not exist');
    facts.set(row.pairId, {
      sender: {
        id: row.sId,
        role: row.sRole,
        isActive: row.sActive,
        isMinor: row.sMinor,
        academyStatus: row.sStatus,
        messaging: row.sMessaging,
      },
      receiver:
        row.rId === null
          ? null
          : {
              id: row.rId,
              role: row.rRole,
              isActive: row.rActive,
              isMinor: row.rMinor,
              academyStatus: row.rStatus,
              messaging: row.rMessaging,
              openToWork: row.rOpenToWork,
              emailVerified: row.rVerified,
            },
      blocked: row.blocked,
      friends: row.friends,
      follows: row.follows,
      registered: row.registered,
    });
  }
  return facts;
}
