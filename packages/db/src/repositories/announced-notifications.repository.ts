import { sql } from 'drizzle-orm';
import type { Executor } from '../client';
import { OUTBOX_CHANNEL } from '../outbox-wakeups';
import { pushSubscriptions, userPhones } from '../schema';
import { uuidv7 } from '../uuid';
import { rowsOf } from '../sql';
import { executeNamed } from './named-statements';
import type { NewNotification } from './notifications.repository';

/** A notification stored and numbered in its recipient's realtime stream by one statement. */
export type AnnouncedNotification = {
  userId: string;
  seq: number;
  /** The `notification` event's data as stored in `user_events` (unread count included). */
  data: {
    id: string;
    kind: string;
    text: string;
    link: string;
    actor_id: string | null;
    created_at: string;
    unread: number;
  };
};

/**
 * A batch in one statement: the notifications not stored yet (source key unique, so a rerun
 * stores nothing), each numbered in its recipient's realtime stream with a `notification` event
 * carrying the recipient's unread count after it. A recipient may have several rows in the
 * batch: they are numbered in their list order (created_at, id), the k-th one taking the k-th
 * new sequence number and the unread count before the batch plus k. The counters are bumped
 * once per recipient, in user-id order, and stay locked until the transaction ends (as
 * `appendUserEventsBatch`). The unread count is read from the statement's snapshot, which does
 * not see the rows it inserts: hence `+ k` (a new notification is unread).
 */
export async function insertAnnouncedNotifications(
  executor: Executor,
  rows: readonly NewNotification[],
): Promise<AnnouncedNotification[]> {
  if (rows.length === 0) return [];
  const input = JSON.stringify(
    rows.map((row) => ({
      id: row.id ?? uuidv7(),
      user_id: row.userId,
      actor_id: row.actorId ?? null,
      kind: row.kind,
      text: row.text,
      link: row.link,
      source_key: row.sourceKey ?? null,
      created_at: row.createdAt?.toISOString() ?? null,
    })),
  );
  // Named: each connection plans this statement once (the worker runs it for every batch).
  const result = await executeNamed(
    executor,
    'announce',
    sql`
    with input as (
      select * from jsonb_to_recordset(${input}::jsonb)
        as t(id uuid, user_id uuid, actor_id uuid, kind text, text text, link text, source_key text,
             created_at timestamptz)
    ),
    stored as (
      insert into notifications (id, user_id, actor_id, kind, text, link, source_key, created_at)
      select id, user_id, actor_id, kind, text, link, source_key, coalesce(created_at, now())
        from input
      on conflict (source_key) do nothing
      returning id, user_id, actor_id, kind, text, link, created_at
    ),
    ranked as (
      select s.*,
        row_number() over (partition by s.user_id order by s.created_at, s.id) as k,
        count(*) over (partition by s.user_id) as m
      from stored s
    ),
    -- Each recipient's unread rows counted through the partial index on their own id: a join
    -- against all unread rows of every user would grow with the world, not with the batch.
    unread as (
      select r.user_id, (select count(*)::int from notifications n
                          where n.user_id = r.user_id and n.read_at is null) as n
      from (select distinct user_id from stored) r
    ),
    counters as (
      insert into user_event_counters (user_id, last_seq)
      select user_id, count(*) from stored group by user_id order by user_id
      on conflict (user_id) do update
        set last_seq = user_event_counters.last_seq + excluded.last_seq
      returning user_id, last_seq
    ),
    events as (
      select r.user_id, c.last_seq - r.m + r.k as seq, jsonb_build_object(
        'id', r.id, 'kind', r.kind, 'text', r.text, 'link', r.link, 'actor_id', r.actor_id,
        'created_at', to_char(r.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
        'unread', coalesce(u.n, 0) + r.k
      ) as data
      from ranked r
      join counters c on c.user_id = r.user_id
      left join unread u on u.user_id = r.user_id
    ),
    appended as (
      insert into user_events (user_id, seq, type, data)
      select user_id, seq, 'notification', data from events
    ),
    -- Push and SMS (decision 47): a notice whose recipient has a device or a verified phone
    -- leaves through the outbox with the same commit (as announceOutsideDelivery does).
    outside as (
      insert into outbox (type, payload)
      select 'notification.stored', jsonb_build_object('notificationId', s.id)
        from stored s
       where exists (select 1 from ${pushSubscriptions} p where p.user_id = s.user_id)
          or exists (select 1 from ${userPhones} ph where ph.user_id = s.user_id)
      returning id
    )
    select e.user_id as "userId", e.seq, e.data,
      (select pg_notify(${OUTBOX_CHANNEL}, '') from outside limit 1) as "woke"
    from events e
    order by e.user_id, e.seq
  `,
  );
  return rowsOf<AnnouncedNotification & { woke?: unknown }>(result).map(
    ({ woke: _woke, ...row }) => ({ ...row, seq: Number(row.seq) }),
  );
}
