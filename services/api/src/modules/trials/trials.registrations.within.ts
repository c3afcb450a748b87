import type { Transaction } from '@touchline/db';
import { appendEvent } from '@touchline/db/outbox';
import { isBlockedEitherWay } from '@touchline/db/social';
import {
  firstRegisteredDob,
  insertRegistration,
  lockRegistration,
  lockRegistrationFacts,
  markRegistrationCancelled,
  setRegistrationOutcome,
  type InsertedRegistration,
  type PaymentProviderName,
  type RegistrantDetails,
  waitlistPosition,
} from '@touchline/db/trials';
import { LIMITS, TRIAL_LIMITS, todayInLagos, type OutcomeStatus } from '@touchline/shared';
import {
  decideOutcome,
  decideRegistration,
  decideRegistrationCancel,
  type AcceptedRegistration,
  type RegistrationAnswer,
  type RegistrationRefusal,
} from './trials.registrations.rules';

/**
 * A registration's changes inside a caller's transaction, each in the three steps of decision 34:
 * the repository locks and reads the facts, a pure decision (trials.registrations.rules.ts)
 * rules, the repository writes what was decided, and the domain event is appended. The service
 * opens the transaction around them; the demo seed calls them inside its own.
 */

/** A registration as the player sent it (the form), for `registerWithin`. */
export type RegistrationRequest = Omit<RegistrantDetails, 'dob'> & {
  trialId: string;
  playerId: string;
  /** The form's date of birth (the profile's, locked, wins when it has one). */
  dob: string;
  answers: RegistrationAnswer[];
};

export type RegistrationResult =
  | { ok: false; reason: RegistrationRefusal }
  | (InsertedRegistration & {
      ok: true;
      decision: AcceptedRegistration;
      /** The place in line of a waitlisted registration, else null. */
      waitlistPosition: number | null;
      trial: { id: string; name: string; academyId: string };
    });

/**
 * Registers inside the caller's transaction: locks the trial and reads the facts
 * (`lockRegistrationFacts`), decides (`decideRegistration`), writes what was decided. The caller
 * appends `registration.created` in the same transaction (the service; the demo seed), or
 * `registration.awaiting_guardian` for a consented minor's (`registrationEventFor`).
 */
export async function registerWithin(
  tx: Transaction,
  request: RegistrationRequest,
  context: { now: Date; provider: PaymentProviderName; holdMinutes?: number },
): Promise<RegistrationResult> {
  const stored = await lockRegistrationFacts(tx, request);
  // A profile without a date of birth is bound by its first registration's (issue 25 item 10):
  // the profile itself stays unknown (§13 counts it as a minor's).
  const player =
    stored.player && stored.player.dob === null
      ? { ...stored.player, dob: await firstRegisteredDob(tx, request.playerId) }
      : stored.player;
  const decision = decideRegistration({
    ...stored,
    player,
    form: { dob: request.dob, answers: request.answers },
    today: todayInLagos(context.now),
    now: context.now,
    holdMinutes: context.holdMinutes ?? TRIAL_LIMITS.holdMinutes,
    guardianHoldMinutes: LIMITS.guardianHoldMinutes,
  });
  if (decision.outcome === 'refused') return { ok: false, reason: decision.reason };
  const { answers: _answers, ...details } = request;
  const written = await insertRegistration(tx, {
    ...details,
    dob: decision.dob,
    status: decision.outcome,
    holdExpiresAt: decision.holdExpiresAt,
    takesPlace: decision.takesPlace,
    answers: decision.answers,
    payment: decision.payment && { ...decision.payment, provider: context.provider },
    now: context.now,
  });
  const trial = stored.trial!;
  return {
    ok: true,
    decision,
    // Read under the trial's lock: the place in line as it was joined (decision 49).
    waitlistPosition:
      decision.outcome === 'waitlisted'
        ? await waitlistPosition(tx, written.registration.id)
        : null,
    ...written,
    trial: { id: trial.id, name: trial.name, academyId: trial.academyId },
  };
}

/**
 * The player cancels their own registration inside the caller's transaction (decided by
 * `decideRegistrationCancel` under the registration's locks). Appends `registration.cancelled`
 * and, for a succeeded payment, `payment.refund_requested`.
 */
export async function cancelRegistrationWithin(
  tx: Transaction,
  input: { registrationId: string; playerId: string; at: Date },
) {
  const locked = await lockRegistration(tx, input.registrationId);
  const decision = decideRegistrationCancel(locked, {
    playerId: input.playerId,
    today: todayInLagos(input.at),
  });
  if (!decision.ok) return decision;
  const { refundPaymentId } = await markRegistrationCancelled(tx, {
    registrationId: input.registrationId,
    trialId: locked!.trial.id,
    at: input.at,
    wasWaitlisted: locked!.registration.status === 'waitlisted',
  });
  await appendEvent(tx, {
    type: 'registration.cancelled',
    payload: { registrationId: input.registrationId },
  });
  if (refundPaymentId)
    await appendEvent(tx, {
      type: 'payment.refund_requested',
      payload: { paymentId: refundPaymentId },
    });
  return { ok: true as const, refundPaymentId };
}

/**
 * The owning academy's outcome inside the caller's transaction (decided by `decideOutcome`);
 * `registration.status_changed` is appended only when the status changed.
 */
export async function setOutcomeWithin(
  tx: Transaction,
  input: { registrationId: string; academyId: string; status: OutcomeStatus; at: Date },
) {
  const locked = await lockRegistration(tx, input.registrationId);
  const blocked =
    locked !== null &&
    (await isBlockedEitherWay(tx, locked.registration.playerId, input.academyId));
  const decision = decideOutcome(locked, { ...input, blocked });
  if (!decision.ok || !decision.changed) return decision;
  await setRegistrationOutcome(tx, input);
  await appendEvent(tx, {
    type: 'registration.status_changed',
    payload: { registrationId: input.registrationId, status: input.status },
  });
  return decision;
}

/**
 * The event a new registration announces: the academy hears of a consented minor's only once a
 * guardian approved it (decision 42); until then the guardians are told. A waitlist place tells
 * only the player's screens (decision 49).
 */
export function registrationEventFor(result: Extract<RegistrationResult, { ok: true }>) {
  const registrationId = result.registration.id;
  if (result.decision.outcome === 'waitlisted')
    return {
      type: 'registration.waitlisted',
      payload: { registrationId, trialId: result.registration.trialId },
    } as const;
  return result.decision.outcome === 'awaiting_guardian'
    ? ({ type: 'registration.awaiting_guardian', payload: { registrationId } } as const)
    : ({
        type: 'registration.created',
        payload: { registrationId, trialId: result.registration.trialId },
      } as const);
}
