import { sql } from 'drizzle-orm';
import type { Executor } from '../client';
import { rowsOf } from '../sql';

/**
 * What a data export holds (supplement §15), read per section. Rows come out in the export's own
 * vocabulary (snake_case, ISO times), ready to be written as JSON; media are named by their file
 * inside the ZIP (`media/<id>.<ext>`, see `exportMediaFiles`). Every query is scoped by the user.
 */

type Row = Record<string, unknown>;
const rows = async (executor: Executor, query: ReturnType<typeof sql>) =>
  rowsOf<Row>(await executor.execute(query));

/** The media file of a media object inside the ZIP, or null when it has none. */
const mediaFile = (column: string) =>
  sql.raw(`(select 'media/' || m.id || coalesce(substring(m.key from '[.][A-Za-z0-9]+$'), '')
    from media_objects m where m.id = ${column})`);

const iso = (column: string) =>
  sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);

/** The account and its profile, private fields included, with achievements and experience. */
export async function exportProfile(executor: Executor, userId: string): Promise<Row | null> {
  const [account] = await rows(
    executor,
    sql`select u.id, u.email, u.username as name, u.role,
      to_char(u.dob, 'YYYY-MM-DD') as date_of_birth,
      to_char(u.established_on, 'YYYY-MM-DD') as established_on,
      u.state, u.district as lga, u.sports, u.google_sub is not null as google_sign_in,
      ${iso('u.email_verified_at')} as email_verified_at, u.academy_status,
      ${iso('u.created_at')} as created_at,
      ${mediaFile('u.profile_photo_media_id')} as profile_photo,
      ${mediaFile('u.licence_media_id')} as licence,
      p.bio, p.about, p.phone, p.position, p.height_cm, p.weight_kg, p.preferred_side,
      coalesce(p.open_to_work, false) as open_to_work,
      ${mediaFile('p.cover_photo_media_id')} as cover_photo
    from users u left join profiles p on p.user_id = u.id
    where u.id = ${userId}::uuid`,
  );
  if (!account) return null;
  const achievements = await rows(
    executor,
    sql`select a.id, a.title, a.organisation, a.issued_month, a.issued_year, a.description,
      ${mediaFile('a.image_media_id')} as image, ${iso('a.created_at')} as created_at
    from achievements a where a.user_id = ${userId}::uuid
    order by a.issued_year desc, a.issued_month desc`,
  );
  const experience = await rows(
    executor,
    sql`select e.id, e.academy_name as academy, e.academy_id, e.sport, e.position,
      e.start_month, e.start_year, e.end_month, e.end_year, e.is_current
    from experiences e where e.user_id = ${userId}::uuid order by e.start_year, e.start_month`,
  );
  return { ...account, achievements, experience };
}

/** The user's posts, oldest first. */
export function exportPosts(executor: Executor, userId: string) {
  return rows(
    executor,
    sql`select p.id, p.content, p.media_kind, ${mediaFile('p.media_id')} as media,
      p.likes_count, p.comments_total as comments_count, ${iso('p.created_at')} as created_at,
      ${iso('p.edited_at')} as edited_at, p.removed_at is not null as removed_by_moderators
    from posts p where p.author_id = ${userId}::uuid order by p.created_at, p.id`,
  );
}

/** The user's comments and replies, on anyone's posts. */
export function exportComments(executor: Executor, userId: string) {
  return rows(
    executor,
    sql`select c.id, c.post_id, c.parent_id as reply_to, c.content,
      ${iso('c.created_at')} as created_at
    from comments c where c.author_id = ${userId}::uuid order by c.created_at, c.id`,
  );
}

/** Posts the user liked. */
export function exportLikes(executor: Executor, userId: string) {
  return rows(
    executor,
    sql`select l.post_id, au.username as post_author, ${iso('l.created_at')} as liked_at
    from post_likes l join posts p on p.id = l.post_id join users au on au.id = p.author_id
    where l.user_id = ${userId}::uuid order by l.created_at`,
  );
}

/** Friends, friend requests, follows (both ways) and the user's blocks. */
export async function exportConnections(executor: Executor, userId: string) {
  const me = sql`${userId}::uuid`;
  return {
    friends: await rows(
      executor,
      sql`select f.friend_id as id, u.username as name, ${iso('f.created_at')} as since
      from friendships f join users u on u.id = f.friend_id
      where f.user_id = ${me} order by f.created_at`,
    ),
    friend_requests_sent: await rows(
      executor,
      sql`select r.to_user_id as id, u.username as name, ${iso('r.created_at')} as sent_at
      from friend_requests r join users u on u.id = r.to_user_id
      where r.from_user_id = ${me} order by r.created_at`,
    ),
    friend_requests_received: await rows(
      executor,
      sql`select r.from_user_id as id, u.username as name, ${iso('r.created_at')} as received_at
      from friend_requests r join users u on u.id = r.from_user_id
      where r.to_user_id = ${me} order by r.created_at`,
    ),
    following: await rows(
      executor,
      sql`select f.academy_id as id, u.username as name, ${iso('f.created_at')} as since
      from follows f join users u on u.id = f.academy_id
      where f.follower_id = ${me} order by f.created_at`,
    ),
    followers: await rows(
      executor,
      sql`select f.follower_id as id, u.username as name, ${iso('f.created_at')} as since
      from follows f join users u on u.id = f.follower_id
      where f.academy_id = ${me} order by f.created_at`,
    ),
    blocked: await rows(
      executor,
      sql`select b.blocked_id as id, u.username as name, ${iso('b.created_at')} as since
      from blocks b join users u on u.id = b.blocked_id
      where b.blocker_id = ${me} order by b.created_at`,
    ),
  };
}

/**
 * The user's conversations, each with the other member named and every message (oldest first):
 * who sent it, its text, and the picture's file when the user sent it (another member's pictures
 * are their files: only marked).
 */
export async function exportConversations(executor: Executor, userId: string) {
  const me = sql`${userId}::uuid`;
  const threads = await rows(
    executor,
    sql`select t.id, t.name as thread_name, pu.id as partner_id, pu.username as partner_name
    from chat_members m join chat_threads t on t.id = m.thread_id
    join chat_members pm on pm.thread_id = t.id and pm.user_id <> m.user_id
    join users pu on pu.id = pm.user_id
    where m.user_id = ${me} order by t.created_at, t.id`,
  );
  const messages = await rows(
    executor,
    sql`select c.thread_id, c.id, c.sender_id = ${me} as from_me, su.username as sender,
      c.text, c.deleted_at is not null as deleted,
      case when c.sender_id = ${me} then ${mediaFile('c.image_media_id')} end as image,
      c.sender_id <> ${me} and c.image_media_id is not null as partner_sent_image,
      ${iso('c.created_at')} as sent_at, ${iso('c.edited_at')} as edited_at
    from chat_messages c join users su on su.id = c.sender_id
    where c.thread_id in (select thread_id from chat_members where user_id = ${me})
    order by c.thread_id, c.id`,
  );
  const byThread = new Map<unknown, Row[]>();
  for (const { thread_id: threadId, ...message } of messages) {
    const list = byThread.get(threadId) ?? [];
    list.push(message);
    byThread.set(threadId, list);
  }
  return threads.map(({ id, ...thread }) => ({ ...thread, messages: byThread.get(id) ?? [] }));
}

/** The user's trial registrations with their answers and trial. */
export function exportRegistrations(executor: Executor, userId: string) {
  return rows(
    executor,
    sql`select r.id, r.reference_code, r.status, t.id as trial_id, t.name as trial,
      au.username as academy, to_char(t.trial_date, 'YYYY-MM-DD') as trial_date,
      r.name, to_char(r.dob, 'YYYY-MM-DD') as date_of_birth, r.phone, r.email, r.state,
      r.district as lga, r.level, ${iso('r.created_at')} as registered_at,
      coalesce((select json_agg(json_build_object('question', q.text, 'answer', a.answer)
        order by q.position)
        from trial_registration_answers a join trial_requirements q on q.id = a.requirement_id
        where a.registration_id = r.id), '[]'::json) as answers
    from trial_registrations r join trials t on t.id = r.trial_id
    join users au on au.id = t.academy_id
    where r.player_id = ${userId}::uuid order by r.created_at, r.id`,
  );
}

/** The user's payments (every attempt). */
export function exportPayments(executor: Executor, userId: string) {
  return rows(
    executor,
    sql`select p.id, p.reference, p.provider, p.amount_kobo, p.currency, p.status,
      p.registration_id, r.reference_code as registration_reference, t.name as trial,
      ${iso('p.created_at')} as created_at, ${iso('p.paid_at')} as paid_at,
      ${iso('p.refunded_at')} as refunded_at
    from payments p join trial_registrations r on r.id = p.registration_id
    join trials t on t.id = r.trial_id
    where p.payer_id = ${userId}::uuid order by p.created_at, p.id`,
  );
}

/** The user's notifications. */
export function exportNotifications(executor: Executor, userId: string) {
  return rows(
    executor,
    sql`select n.id, n.kind, n.text, n.link, ${iso('n.read_at')} as read_at,
      ${iso('n.created_at')} as created_at
    from notifications n where n.user_id = ${userId}::uuid order by n.created_at, n.id`,
  );
}

/** An academy's trials (empty for others). */
export function exportTrials(executor: Executor, userId: string) {
  return rows(
    executor,
    sql`select t.id, t.name, t.sport, t.state, t.district as lga, t.venue, t.landmark,
      to_char(t.trial_date, 'YYYY-MM-DD') as trial_date, t.start_time,
      to_char(t.deadline, 'YYYY-MM-DD') as deadline, t.fee_kobo, t.currency, t.status,
      t.cancel_reason, t.registered_count, t.description, ${mediaFile('t.image_media_id')} as image,
      ${iso('t.created_at')} as created_at
    from trials t where t.academy_id = ${userId}::uuid order by t.created_at, t.id`,
  );
}

/**
 * The user's own uploaded files (owner = the user, stored and processed): the stored file of each
 * (the display version of a picture, the video, the licence), with its name inside the ZIP.
 * Another user's files, even in a shared conversation, are never among them.
 */
export async function exportMediaFiles(executor: Executor, userId: string) {
  const result = await executor.execute(sql`
    select m.id, m.key, m.visibility, m.content_type as "contentType",
      'media/' || m.id || coalesce(substring(m.key from '[.][A-Za-z0-9]+$'), '') as file
    from media_objects m
    where m.owner_id = ${userId}::uuid and m.status <> 'failed'
    order by m.created_at, m.id`);
  return rowsOf<{
    id: string;
    key: string;
    visibility: 'public' | 'private';
    contentType: string;
    file: string;
  }>(result);
}
