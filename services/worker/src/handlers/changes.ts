import type { Database } from '@touchline/db';
import { getPaymentById } from '@touchline/db/payments';
import { findRegistration, findTrialById, listLiveGuardians } from '@touchline/db/trials';
import { storeUserEvents, type UserEventDraft } from '@touchline/delivery';
import type { BusDriver, JobHandler } from '@touchline/drivers';
import { publisherFor } from './delivery';

/**
 * Typed change events for the screens that follow a registration (the academy's registrants
 * table, trial list and dashboard; the player's trials; the guardian's home):
 * `registration_changed` with the registration's status as it stands now, to the player, their
 * guardians and (once it may see it) the trial's academy, and
 * `payment_changed` after a refund. They carry the current state, not a delta, so a rerun
 * (which stores them again) or events read out of order leave every screen right.
 */
export function createRegistrationChangesHandler(deps: {
  db: Database;
  bus: BusDriver;
}): JobHandler<'changes.registration'> {
  return async ({ data }) => {
    const registration = await findRegistration(deps.db, data.registrationId);
    if (!registration) return;
    const payment = data.paymentId ? await getPaymentById(deps.db, data.paymentId) : null;
    const drafts: UserEventDraft[] = [];
    // The player and their linked guardians always; the academy only once it may see the
    // registration (a minor's after a guardian approved it, decision 42).
    const guardians = await listLiveGuardians(deps.db, registration.playerId);
    const recipients = new Set([registration.playerId, ...guardians.map((g) => g.id)]);
    if (registration.academyVisible) recipients.add(registration.academyId);
    for (const userId of recipients) {
      drafts.push({
        userId,
        type: 'registration_changed',
        data: {
          trial_id: registration.trialId,
          registration_id: registration.id,
          status: registration.status,
        },
      });
      if (payment) {
        drafts.push({
          userId,
          type: 'payment_changed',
          data: {
            payment_id: payment.id,
            registration_id: registration.id,
            trial_id: registration.trialId,
            status: payment.status,
          },
        });
      }
    }
    await publisherFor(deps.bus).deliver(deps.db, (tx) => storeUserEvents(tx, drafts));
  };
}

/** `trial_changed` to the trial's academy when it is published or cancelled. */
export function createTrialChangesHandler(deps: {
  db: Database;
  bus: BusDriver;
}): JobHandler<'changes.trial'> {
  return async ({ data }) => {
    const trial = await findTrialById(deps.db, data.trialId);
    if (!trial) return;
    await publisherFor(deps.bus).deliver(deps.db, (tx) =>
      storeUserEvents(tx, [
        {
          userId: trial.academyId,
          type: 'trial_changed',
          data: { trial_id: trial.id, status: trial.status },
        },
      ]),
    );
  };
}
