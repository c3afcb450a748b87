import { sql } from 'drizzle-orm';
import type { Transaction } from '../client';
import { DELETED_USER_NAME } from '@touchline/shared';
import { rowsOf } from '../sql';

/** Stored files an erasure leaves to delete after its commit, by visibility. */
export type ErasedFiles = { public: string[]; private: string[] };

/**
 * The account to erase, locked for the erasure: null when it is not waiting for erasure (never
 * deleted, restored, already erased) or not due at `now`.
 */
export async function lockAccountForErasure(tx: Transaction, userId: string, now: Date) {
  const result = await tx.execute(sql`
    select id, email, role from users
    where id = ${userId}::uuid and deleted_at is not null and erased_at is null
      and erase_after <= ${now.toISOString()}::timestamptz
    for update`);
  const [row] = rowsOf<{ id: string; email: string; role: string }>(result);
  return row ?? null;
}

/**
 * Erases a deleted account's data in the caller's transaction (supplement §15, docs/decisions.md
 * "Your data"): its profile and private fields, posts, comments, likes, friendships, requests,
 * follows, blocks, notifications (received and caused), achievements, experience, sessions,
 * e-mails, exports and media rows. Its chat messages stay in place as deleted ('message deleted'
 * for the other member); its trial registrations and payments stay for the academies' and the
 * accounts' records without name or contact; administrators' audit rows keep their ids. The row
 * itself becomes a tombstone named 'Deleted user', with no e-mail (the address can sign up
 * again). Answers the storage keys of the deleted media and exports, to delete after the commit.
 */
export async function eraseAccountRows(
  tx: Transaction,
  user: { id: string; email: string },
  at: Date,
): Promise<ErasedFiles> {
  const id = sql`${user.id}::uuid`;
  const now = sql`${at.toISOString()}::timestamptz`;

  // Likes on other people's posts: the counters follow.
  await tx.execute(sql`
    with gone as (delete from post_likes where user_id = ${id} returning post_id)
    update posts p set likes_count = greatest(p.likes_count - g.n, 0)
    from (select post_id, count(*)::int as n from gone group by post_id) g
    where p.id = g.post_id`);
  // Comments on other people's posts (their replies go with them, as when an author deletes
  // one); the posts' counters are counted again afterwards.
  const touched = rowsOf<{ postId: string }>(
    await tx.execute(sql`
      with gone as (delete from comments where author_id = ${id} returning post_id)
      select distinct g.post_id as "postId" from gone g
      join posts p on p.id = g.post_id where p.author_id <> ${id}`),
  ).map((row) => row.postId);
  if (touched.length > 0) {
    await tx.execute(sql`
      update posts p set
        comments_count = (select count(*)::int from comments c
          where c.post_id = p.id and c.parent_id is null),
        comments_total = (select count(*)::int from comments c where c.post_id = p.id)
      where p.id in (${sql.join(
        touched.map((postId) => sql`${postId}::uuid`),
        sql`, `,
      )})`);
  }
  await tx.execute(sql`delete from posts where author_id = ${id}`);
  await tx.execute(sql`delete from content_reports where reporter_id = ${id}`);
  await tx.execute(sql`update content_reports set snapshot = '' where target_author_id = ${id}`);
  await tx.execute(sql`delete from feed_snapshots where user_id = ${id}`);

  await tx.execute(sql`delete from friendships where user_id = ${id} or friend_id = ${id}`);
  await tx.execute(
    sql`delete from friend_requests where from_user_id = ${id} or to_user_id = ${id}`,
  );
  await tx.execute(sql`delete from follows where follower_id = ${id} or academy_id = ${id}`);
  await tx.execute(sql`delete from blocks where blocker_id = ${id} or blocked_id = ${id}`);
  await tx.execute(sql`delete from notifications where user_id = ${id} or actor_id = ${id}`);

  await tx.execute(sql`delete from profiles where user_id = ${id}`);
  await tx.execute(sql`delete from achievements where user_id = ${id}`);
  await tx.execute(sql`delete from experiences where user_id = ${id}`);
  await tx.execute(sql`update experiences set academy_id = null where academy_id = ${id}`);

  // Conversations stay for the other member: every message of the account reads as deleted,
  // so nothing of it is unread any more.
  await tx.execute(sql`
    update chat_messages set text = '', image_media_id = null,
      deleted_at = coalesce(deleted_at, ${now})
    where sender_id = ${id}`);
  await tx.execute(sql`
    update chat_members set unread_count = 0
    where user_id <> ${id}
      and thread_id in (select thread_id from chat_members where user_id = ${id})`);

  // Registrations and payments are kept for the academies' and the accounts' records, without
  // the name and contact; the answers to the trial's questions go.
  await tx.execute(sql`
    delete from trial_registration_answers where registration_id in
      (select id from trial_registrations where player_id = ${id})`);
  await tx.execute(sql`
    update trial_registrations set name = ${DELETED_USER_NAME}, phone = '', email = ''
    where player_id = ${id}`);
  await tx.execute(sql`
    update sandbox_charges set email = ''
    where reference in (select reference from payments where payer_id = ${id})`);
  await tx.execute(sql`
    update payment_events set raw = raw #- '{data,customer}'
    where payment_id in (select id from payments where payer_id = ${id})`);

  await tx.execute(sql`delete from sessions where user_id = ${id}`);
  await tx.execute(sql`delete from password_resets where user_id = ${id}`);
  await tx.execute(sql`delete from email_codes where email = ${user.email}`);
  // E-mails still queued are sent first (their job expects the row); retention prunes them.
  await tx.execute(sql`delete from emails where to_address = ${user.email} and status <> 'queued'`);
  await tx.execute(sql`delete from user_events where user_id = ${id}`);
  await tx.execute(sql`delete from user_event_counters where user_id = ${id}`);

  const files: ErasedFiles = { public: [], private: [] };
  const exports = rowsOf<{ key: string | null }>(
    await tx.execute(
      sql`delete from data_exports where user_id = ${id} returning storage_key as key`,
    ),
  );
  for (const row of exports) if (row.key) files.private.push(row.key);
  const media = rowsOf<{ key: string; variants: Record<string, string>; visibility: string }>(
    await tx.execute(sql`
      delete from media_objects where owner_id = ${id}
      returning key, variants, visibility`),
  );
  for (const row of media) {
    const list = row.visibility === 'private' ? files.private : files.public;
    list.push(row.key, ...Object.values(row.variants ?? {}));
  }

  await tx.execute(sql`
    update users set
      email = ${`erased-${user.id}@deleted.invalid`}, password_hash = null, google_sub = null,
      username = ${DELETED_USER_NAME}, dob = null, established_on = null, state = null,
      district = null, sports = '{}', email_verified_at = null, blocked_reason = null,
      licence_media_id = null, profile_photo_media_id = null, last_seen_at = null,
      is_active = false, erased_at = ${now}, updated_at = ${now}
    where id = ${id}`);
  return files;
}
