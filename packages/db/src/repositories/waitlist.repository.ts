import {
  decidePromotion,
  placesToPromote,
  todayInLagos,
  type PromotionDecision,
  type PromotionTrialFacts,
} from '@touchline/shared';
import { sql } from 'drizzle-orm';
import type { Executor, Transaction } from '../client';
import { rowsOf } from '../sql';
import { appendEvent } from './outbox.repository';

/**
 * The waitlist of a full trial (supplement §17, decision 49). A `waitlisted` registration takes no
 * place (not in `registered_count`) but is one per player and trial (the live-registration index,
 * migration 0023). Whatever frees a place — the player's cancellation, an expired payment or
 * guardian hold, a guardian's decline, a higher limit — calls `promoteWaitlisted` in the same
 * transaction, under the trial's row lock it already holds, so exactly one waiting registration
 * takes each freed place: concurrent frees and registrations queue on that lock and each reads
 * the counter and the line as the previous one left them.
 */

/** What a promoted registration became (`decidePromotion`; decision 42 for minors). */
export type PromotedStatus = PromotionDecision['status'];

export type Promotion = { id: string; playerId: string; status: PromotedStatus };

type WaitingRow = { id: string; playerId: string; dob: string; consentStatus: string };

/**
 * Promotes the first waitlisted registrations of a trial into its free places, in line order
 * (`waitlist_seq`, drawn under the same lock when each joined), and appends `registration.promoted` for each. Run it in the
 * transaction that freed the place, under the trial's `FOR UPDATE` lock (taken first, as everywhere
 * in the registrations' lock order); the waiting rows are locked too (`FOR UPDATE SKIP LOCKED`: a
 * row another transaction is changing — its player leaving the line — is not waited for, and that
 * transaction, holding the trial's lock after this one, promotes again when it frees a place).
 *
 * How many (`placesToPromote`) and what each becomes (`decidePromotion`, @touchline/shared) are
 * pure rules: a consented minor `awaiting_guardian` with the guardian's 48-hour hold, hidden
 * from the academy (decision 42); otherwise a free trial `registered` and a paid one
 * `pending_payment` with the 30-minute hold (the payment is opened when the player pays:
 * `POST /api/player_trial/{id}/payment`). Nothing is promoted for a cancelled trial or once its
 * day has passed; an inactive account (suspended) is passed over.
 */
export async function promoteWaitlisted(
  tx: Transaction,
  input: { trialId: string; now: Date },
): Promise<Promotion[]> {
  const trialResult = await tx.execute(sql`
    select status, trial_date::text as "trialDate", participant_limit as "participantLimit",
      registered_count as "registeredCount", fee_kobo as "feeKobo"
    from trials where id = ${input.trialId}`);
  const row = rowsOf<PromotionTrialFacts>(trialResult)[0];
  if (!row) return [];
  const trial = {
    ...row,
    registeredCount: Number(row.registeredCount),
    feeKobo: Number(row.feeKobo),
  };
  const today = todayInLagos(input.now);
  const places = placesToPromote(trial, today);
  if (places === 0) return [];

  const waiting = rowsOf<WaitingRow>(
    await tx.execute(sql`
      select r.id, r.player_id as "playerId", r.dob::text as dob,
        u.consent_status as "consentStatus"
      from trial_registrations r join users u on u.id = r.player_id
      where r.trial_id = ${input.trialId} and r.status = 'waitlisted' and u.is_active
      order by r.waitlist_seq
      ${places === null ? sql`` : sql`limit ${places}`}
      for update of r skip locked`),
  );
  const promoted: Promotion[] = [];
  for (const waiter of waiting) {
    const decision = decidePromotion({ trial, player: waiter, today, now: input.now });
    await tx.execute(sql`
      update trial_registrations
      set status = ${decision.status},
        hold_expires_at = ${decision.holdExpiresAt?.toISOString() ?? null}::timestamptz,
        academy_visible = ${decision.academyVisible},
        updated_at = ${input.now.toISOString()}::timestamptz
      where id = ${waiter.id}`);
    await tx.execute(sql`
      update trials set registered_count = registered_count + 1 where id = ${input.trialId}`);
    await appendEvent(tx, {
      type: 'registration.promoted',
      payload: { registrationId: waiter.id, trialId: input.trialId },
    });
    promoted.push({ id: waiter.id, playerId: waiter.playerId, status: decision.status });
  }
  return promoted;
}

/**
 * The place in line of a waitlisted registration (1 = next), or null when it is not waitlisted.
 */
export async function waitlistPosition(
  executor: Executor,
  registrationId: string,
): Promise<number | null> {
  const result = await executor.execute(sql`
    select (select count(*) from trial_registrations w
      where w.trial_id = r.trial_id and w.status = 'waitlisted'
        and w.waitlist_seq <= r.waitlist_seq)::int as position
    from trial_registrations r where r.id = ${registrationId} and r.status = 'waitlisted'`);
  const row = rowsOf<{ position: number }>(result)[0];
  return row ? Number(row.position) : null;
}

/**
 * The SQL of a waitlisted registration's place in line, for reads that select registrations as
 * `alias` (null when it is not waitlisted).
 */
export function waitlistPositionSql(alias: string) {
  const r = sql.raw(alias);
  return sql`case when ${r}.status = 'waitlisted' then (select count(*) from trial_registrations w
    where w.trial_id = ${r}.trial_id and w.status = 'waitlisted'
      and w.waitlist_seq <= ${r}.waitlist_seq)::int end`;
}
