import { sql } from 'drizzle-orm';
import type { Executor } from '../client';
import { rowsOf } from '../sql';
import { executeNamed } from './named-statements';

/** Who a notification is from and for, as `notifications.create` needs them. */
export type NotificationParties = {
  actorName: string;
  actorRole: string;
  /** Both exist and are reachable (active; a child with consent), and no block stands between them. */
  ok: boolean;
  /** A friend request actor → recipient is pending, or already turned into a friendship. */
  requestStands: boolean;
};

/**
 * The parties of many (actor, recipient) pairs in one statement, answered in the pairs' order:
 * the actor's name and role, whether both are reachable with no block between them either way
 * (`ok`), and whether the actor's friend request to the recipient still stands. Null for a pair
 * whose actor is gone.
 */
export async function findNotificationPartiesMany(
  executor: Executor,
  pairs: readonly { actorId: string; recipientId: string }[],
): Promise<(NotificationParties | null)[]> {
  if (pairs.length === 0) return [];
  const input = JSON.stringify(
    pairs.map((p, i) => ({ i, actor_id: p.actorId, recipient_id: p.recipientId })),
  );
  // Named: each connection plans this statement once (the worker reads it for every batch).
  const result = await executeNamed(
    executor,
    'parties',
    sql`
    with pairs as (
      select * from jsonb_to_recordset(${input}::jsonb) as t(i int, actor_id uuid, recipient_id uuid)
    )
    select p.i, a.username as "actorName", a.role as "actorRole",
      coalesce(a.reachable and r.reachable and not exists (
        select 1 from blocks b
        where (b.blocker_id = p.actor_id and b.blocked_id = p.recipient_id)
           or (b.blocker_id = p.recipient_id and b.blocked_id = p.actor_id)), false) as ok,
      (exists (select 1 from friend_requests f
               where f.from_user_id = p.actor_id and f.to_user_id = p.recipient_id)
        or exists (select 1 from friendships s
                   where s.user_id = p.actor_id and s.friend_id = p.recipient_id)) as "requestStands"
    from pairs p
    join users a on a.id = p.actor_id
    left join users r on r.id = p.recipient_id
  `,
  );
  const found = new Map(
    rowsOf<NotificationParties & { i: number }>(result).map(({ i, ...row }) => [Number(i), row]),
  );
  return pairs.map((_, i) => found.get(i) ?? null);
}
