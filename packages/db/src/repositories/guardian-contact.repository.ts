import { ADULT_AGE, yearsBefore } from '@touchline/shared';
import { sql } from 'drizzle-orm';
import type { Executor } from '../client';
import { rowsOf } from '../sql';

/**
 * Contact in the open and the end of a guardian link at 18 (supplement §14, decision 43): what
 * the worker's `notifications.guardian_contact` and `guardians.end_at_18` jobs read and write.
 */

export type GuardianRecipient = { id: string; email: string; username: string };

/**
 * A chat message sent by an academy to a player who is a minor on `today` (Lagos), with the
 * child's live guardians; null for any other message (or one that does not exist).
 */
export async function findAcademyMessageToMinor(
  executor: Executor,
  messageId: string,
  today: string,
) {
  const cutoff = yearsBefore(today, ADULT_AGE);
  const rows = rowsOf<{
    threadId: string;
    threadName: string;
    academyId: string;
    academyName: string;
    childId: string;
    childName: string;
  }>(
    await executor.execute(sql`
      select t.id as "threadId", t.name as "threadName", a.id as "academyId",
        a.username as "academyName", c.id as "childId", c.username as "childName"
      from chat_messages m
      join chat_threads t on t.id = m.thread_id
      join users a on a.id = m.sender_id
      join users c on c.id = case when t.user_low = m.sender_id then t.user_high else t.user_low end
      where m.id = ${messageId} and a.role = 'academy' and c.role = 'player'
        and (c.dob is null or c.dob > ${cutoff}::date) and c.erased_at is null`),
  );
  const row = rows[0];
  if (!row) return null;
  return { ...row, guardians: await liveGuardiansOf(executor, row.childId) };
}

/** The child's guardians with a live link (at most two). */
export async function liveGuardiansOf(executor: Executor, childId: string) {
  return rowsOf<GuardianRecipient>(
    await executor.execute(sql`
      select g.id, g.email, g.username
      from guardian_links l join users g on g.id = l.guardian_id
      where l.child_id = ${childId} and l.ended_at is null and g.erased_at is null
      order by l.created_at, g.id`),
  );
}

/**
 * Players who are 18 on `today` (Lagos) but still wait for, or hold, a guardian's consent, or
 * still have a live guardian link: the ones whose link ends by itself (at most `limit`).
 */
export async function listTurnedAdult(executor: Executor, today: string, limit: number) {
  const cutoff = yearsBefore(today, ADULT_AGE);
  return rowsOf<{ id: string; email: string; username: string }>(
    await executor.execute(sql`
      select u.id, u.email, u.username from users u
      where u.role = 'player' and u.dob is not null and u.dob <= ${cutoff}::date
        and u.erased_at is null
        and (u.consent_status in ('awaiting_consent', 'given')
          or exists (select 1 from guardian_links l where l.child_id = u.id and l.ended_at is null))
      order by u.dob, u.id
      limit ${limit}`),
  );
}

/**
 * The grown-up's consent is no longer needed: `not_needed` (a `withdrawn` account keeps its
 * state: its erasure goes on) and the messaging setting back to its default. The ledger is kept.
 */
export async function markConsentNotNeeded(executor: Executor, userId: string) {
  await executor.execute(sql`
    update users set
      consent_status = case when consent_status = 'withdrawn' then consent_status else 'not_needed' end,
      messaging = 'friends_and_academies'
    where id = ${userId}`);
}
