import { asc, eq, sql } from 'drizzle-orm';
import type { Executor, Transaction } from '../client';
import { trialRequirements, trials } from '../schema';
import { rowsOf } from '../sql';
import { ONE_PER_PLAYER_STATUSES } from './registrations.repository';

/**
 * Trials: create, the facts an edit is decided on and the edit's write, cancel. What an edit may
 * change is the API's pure `decideTrialEdit` (trials module). Functions typed with `Transaction`
 * must run inside the caller's transaction: they lock the trial row, and the caller writes its
 * outbox event in the same transaction. The hydrated views are trial-views.repository.ts.
 */

export type TrialRow = typeof trials.$inferSelect;
export type TrialSport = TrialRow['sport'];

/* ----------------------------------------------------------------- create */

/** What an academy sets on a trial: the new trial takes them, its view shows them. */
export type TrialDetails = {
  academyId: string;
  name: string;
  sport: TrialSport;
  sportOther: string | null;
  state: string;
  district: string;
  venue: string;
  landmark: string;
  trialDate: string;
  startTime: string;
  deadline: string;
  minAge: number | null;
  maxAge: number | null;
  participantLimit: number | null;
  feeKobo: number;
  description: string;
};

export type NewTrial = TrialDetails & {
  imageMediaId: string | null;
  /** The requirement texts, in order (at most 5; the contract checks). */
  requirements: string[];
  /** Now by default (the demo seed backdates its world). */
  createdAt?: Date;
};

/** Inserts a trial and its requirements. The caller appends `trial.created` in the same transaction. */
export async function createTrial(tx: Transaction, input: NewTrial) {
  const { requirements, ...values } = input;
  const [row] = await tx.insert(trials).values(values).returning({ id: trials.id });
  const trialId = row!.id;
  if (requirements.length > 0) {
    await tx
      .insert(trialRequirements)
      .values(requirements.map((text, position) => ({ trialId, position, text })));
  }
  return { id: trialId };
}

/* ------------------------------------------------------------------- read */

export type TrialRequirementRow = { id: string; text: string };

export async function listTrialRequirements(
  executor: Executor,
  trialId: string,
): Promise<TrialRequirementRow[]> {
  return executor
    .select({ id: trialRequirements.id, text: trialRequirements.text })
    .from(trialRequirements)
    .where(eq(trialRequirements.trialId, trialId))
    .orderBy(asc(trialRequirements.position));
}

/** The plain trial row, or null. */
export async function findTrialById(executor: Executor, trialId: string) {
  const [row] = await executor.select().from(trials).where(eq(trials.id, trialId));
  return row ?? null;
}

/* ------------------------------------------------------------------- edit */

export type TrialChanges = Partial<
  Pick<
    TrialRow,
    | 'name'
    | 'sport'
    | 'sportOther'
    | 'state'
    | 'district'
    | 'venue'
    | 'landmark'
    | 'trialDate'
    | 'startTime'
    | 'deadline'
    | 'minAge'
    | 'maxAge'
    | 'participantLimit'
    | 'feeKobo'
    | 'imageMediaId'
    | 'description'
  >
>;

/** A trial as an edit is decided on: the row, its requirement texts, whether anyone registered. */
export type TrialEditFacts = {
  trial: TrialRow;
  /** The requirement texts, in order. */
  requirements: string[];
  /** Any registration row exists, whatever its status. */
  anyRegistration: boolean;
};

/**
 * Locks the trial row (`FOR UPDATE`, held until the transaction ends); false when missing. Taken
 * in a statement of its own before the facts are read, so they include every registration that
 * committed while this waited.
 */
export async function lockTrial(tx: Transaction, trialId: string): Promise<boolean> {
  const result = await tx.execute(sql`select id from trials where id = ${trialId} for update`);
  return rowsOf(result).length > 0;
}

/** The trial, its requirement texts and whether anyone ever registered, in one statement. */
export async function readTrialEditFacts(
  executor: Executor,
  trialId: string,
): Promise<TrialEditFacts | null> {
  const [row] = await executor
    .select({
      trial: trials,
      requirements: sql<string[]>`(select coalesce(json_agg(q.text order by q.position), '[]'::json)
        from trial_requirements q where q.trial_id = trials.id)`,
      anyRegistration: sql<boolean>`exists (select 1 from trial_registrations r
        where r.trial_id = trials.id)`,
    })
    .from(trials)
    .where(eq(trials.id, trialId));
  return row ?? null;
}

/**
 * Writes a decided edit (under `lockTrial`): the changed columns and, when `requirements` is not
 * null, the requirements replaced by these texts. Answers the updated row.
 */
export async function applyTrialEdit(
  tx: Transaction,
  input: { trialId: string; changes: TrialChanges; requirements: string[] | null; at: Date },
): Promise<TrialRow> {
  if (input.requirements !== null) {
    await tx.delete(trialRequirements).where(eq(trialRequirements.trialId, input.trialId));
    if (input.requirements.length > 0)
      await tx
        .insert(trialRequirements)
        .values(
          input.requirements.map((text, position) => ({ trialId: input.trialId, position, text })),
        );
  }
  const [updated] = await tx
    .update(trials)
    .set({ ...input.changes, updatedAt: input.at })
    .where(eq(trials.id, input.trialId))
    .returning();
  return updated!;
}

/* ----------------------------------------------------------------- cancel */

export type CancelledRegistration = {
  id: string;
  playerId: string;
  /** The status before the cancellation. */
  status: string;
};

/**
 * The owner cancels a trial: the trial is `cancelled` with the reason, every live registration
 * (and waitlist place) becomes `trial_cancelled` (places freed: the count goes to 0), pending payments fail
 * ('trial_cancelled'). Answers the affected registrations and the succeeded payments (refunded
 * by the worker's `payments.refund_trial`). The caller appends `trial.cancelled`.
 */
export async function cancelTrial(
  tx: Transaction,
  input: { trialId: string; academyId: string; reason: string; at: Date },
): Promise<
  | {
      ok: true;
      registrations: CancelledRegistration[];
      succeededPayments: { id: string; registrationId: string }[];
    }
  | { ok: false; error: 'not_found' | 'not_owner' | 'cancelled' }
> {
  const trial = (await lockTrial(tx, input.trialId))
    ? await findTrialById(tx, input.trialId)
    : null;
  if (!trial) return { ok: false, error: 'not_found' };
  if (trial.academyId !== input.academyId) return { ok: false, error: 'not_owner' };
  if (trial.status === 'cancelled') return { ok: false, error: 'cancelled' };
  await tx
    .update(trials)
    .set({
      status: 'cancelled',
      cancelReason: input.reason,
      cancelledAt: input.at,
      registeredCount: 0,
      updatedAt: input.at,
    })
    .where(eq(trials.id, input.trialId));
  const cancelled = await tx.execute(sql`
    with live as (
      select id, status from trial_registrations
      where trial_id = ${input.trialId} and status in ${ONE_PER_PLAYER_STATUSES}
      for update
    )
    update trial_registrations r
    set status = 'trial_cancelled', hold_expires_at = null, updated_at = ${input.at.toISOString()}::timestamptz
    from live
    where r.id = live.id
    returning r.id, r.player_id as "playerId", live.status`);
  const registrations = rowsOf<CancelledRegistration>(cancelled);
  await tx.execute(sql`
    update payments p set status = 'failed', failure_reason = 'trial_cancelled', updated_at = ${input.at.toISOString()}::timestamptz
    from trial_registrations r
    where p.registration_id = r.id and r.trial_id = ${input.trialId} and p.status = 'pending'`);
  const paid = await tx.execute(sql`
    select p.id, p.registration_id as "registrationId"
    from payments p join trial_registrations r on r.id = p.registration_id
    where r.trial_id = ${input.trialId} and p.status = 'succeeded'
    order by p.created_at`);
  return {
    ok: true,
    registrations,
    succeededPayments: rowsOf<{ id: string; registrationId: string }>(paid),
  };
}
