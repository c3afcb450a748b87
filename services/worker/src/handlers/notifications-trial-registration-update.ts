import type { Database } from '@touchline/db';
import { getLatestPaymentForRegistration, type PaymentRow } from '@touchline/db/payments';
import {
  findRegistration,
  findSharedEvaluation,
  type EvaluationMeasurements,
  type RegistrationDetail,
} from '@touchline/db/trials';
import { findUserById } from '@touchline/db/users';
import type { BusDriver, JobHandler, SecretBox } from '@touchline/drivers';
import {
  NOTIFICATION_TEXTS,
  academyTrialLink,
  trialLink,
  type JobPayload,
} from '@touchline/shared';
import { deliverNotices, emailLink, type Notice, type TemplatedEmail } from '@touchline/delivery';
import { publisherFor } from './delivery';

type Update = JobPayload<'notifications.registration_update'>['update'];

/** Where a player reads their feedback reports. */
const TRIAL_HISTORY_LINK = '/trial_history';

/** The measured values of a shared evaluation, as the feedback e-mail lists them. */
function measurementRows(m: EvaluationMeasurements): { label: string; value: string }[] {
  const rows: { label: string; value: string }[] = [];
  if (m.heightCm !== null) rows.push({ label: 'Height', value: `${m.heightCm} cm` });
  if (m.weightKg !== null) rows.push({ label: 'Weight', value: `${m.weightKg} kg` });
  if (m.sprint30mSeconds !== null)
    rows.push({ label: '30 m sprint', value: `${m.sprint30mSeconds.toFixed(2)} s` });
  if (m.standingReachCm !== null)
    rows.push({ label: 'Standing reach', value: `${m.standingReachCm} cm` });
  return rows;
}

/** The registration (and payment) receipt e-mail; `payment` null for a free trial. */
export function receiptEmail(
  registration: RegistrationDetail,
  payment: Pick<PaymentRow, 'amountKobo' | 'currency' | 'reference'> | null,
  link: string,
): TemplatedEmail {
  return {
    to: registration.accountEmail,
    template: 'trials.registration_receipt',
    params: {
      name: registration.name,
      trial: registration.trialName,
      referenceCode: registration.referenceCode,
      trialDate: registration.trialDate,
      startTime: registration.startTime,
      venue: registration.venue,
      amountKobo: payment?.amountKobo ?? 0,
      currency: payment?.currency ?? registration.currency,
      paymentReference: payment?.reference ?? null,
      link,
    },
  };
}

/** Which registration statuses still agree with an update (a stale outcome is not told). */
const STILL: Partial<Record<Update, readonly string[]>> = {
  selected: ['selected'],
  rejected: ['rejected'],
};

/**
 * A change of a registration, told to its player (and, for `confirmed`, to the academy too:
 * '<name> paid for <trial>', so its registrants table shows the payment live) (in-app → /trial_details/<id>, pushed live) with
 * its e-mail: `confirmed` (payment received) → the receipt with the reference code and amount;
 * `selected` / `rejected` → the outcome; `refunded` → the refund; `expired` → in-app only. One row
 * per event (`registration.<update>:<eventId>`); the e-mail is queued with the row, so a rerun
 * sends nothing twice. An outcome the academy changed again before this ran is skipped (the later
 * change tells the player).
 */
export function createRegistrationUpdateNotificationsHandler(deps: {
  db: Database;
  bus: BusDriver;
  secretBox: SecretBox;
  publicUrl?: string;
}): JobHandler<'notifications.registration_update'> {
  async function draft(
    update: Update,
    r: RegistrationDetail,
  ): Promise<Pick<Notice, 'text' | 'email'> | null> {
    const link = emailLink(deps.publicUrl, trialLink(r.trialId));
    switch (update) {
      case 'confirmed': {
        const payment = await getLatestPaymentForRegistration(deps.db, r.id);
        const paid = payment && payment.status !== 'pending' && payment.status !== 'failed';
        return {
          text: NOTIFICATION_TEXTS.registrationConfirmed(r.trialName),
          email: receiptEmail(r, paid ? payment : null, link),
        };
      }
      case 'selected':
      case 'rejected':
        return {
          text:
            update === 'selected'
              ? NOTIFICATION_TEXTS.registrationSelected(r.trialName)
              : NOTIFICATION_TEXTS.registrationRejected(r.trialName),
          email: {
            to: r.accountEmail,
            template: 'trials.outcome',
            params: {
              name: r.name,
              trial: r.trialName,
              referenceCode: r.referenceCode,
              outcome: update,
              link,
            },
          },
        };
      case 'expired':
        // Still hidden from the academy: it was a minor's, waiting for a guardian (decision 42).
        return {
          text: r.academyVisible
            ? NOTIFICATION_TEXTS.registrationExpired(r.trialName)
            : NOTIFICATION_TEXTS.guardianApprovalExpired(r.trialName),
        };
      case 'evaluation_shared': {
        const evaluation = await findSharedEvaluation(deps.db, r.id);
        if (!evaluation) return null;
        return {
          text: NOTIFICATION_TEXTS.evaluationShared(r.trialName),
          email: {
            to: r.accountEmail,
            template: 'trials.feedback',
            params: {
              name: r.name,
              trial: r.trialName,
              scores: evaluation.scores,
              notes: evaluation.notes,
              measurements: measurementRows(evaluation),
              link: emailLink(deps.publicUrl, TRIAL_HISTORY_LINK),
            },
          },
        };
      }
      case 'refunded': {
        const payment = await getLatestPaymentForRegistration(deps.db, r.id);
        if (!payment || payment.status !== 'refunded') {
          return { text: NOTIFICATION_TEXTS.refundIssued(r.trialName) };
        }
        return {
          text: NOTIFICATION_TEXTS.refundIssued(r.trialName),
          email: {
            to: r.accountEmail,
            template: 'trials.refund',
            params: {
              name: r.name,
              trial: r.trialName,
              referenceCode: r.referenceCode,
              amountKobo: payment.amountKobo,
              currency: payment.currency,
              paymentReference: payment.reference,
              link,
            },
          },
        };
      }
    }
  }

  return async ({ data }) => {
    const registration = await findRegistration(deps.db, data.registrationId);
    if (!registration) return;
    const still = STILL[data.update];
    if (still && !still.includes(registration.status)) return;
    const [player, academy] = await Promise.all([
      findUserById(deps.db, registration.playerId),
      data.update === 'confirmed' ? findUserById(deps.db, registration.academyId) : null,
    ]);
    const notices: Notice[] = [];
    const notice = player?.isActive ? await draft(data.update, registration) : null;
    if (player && notice) {
      notices.push({
        userId: player.id,
        actorId: registration.academyId,
        kind: 'registration_update',
        link:
          data.update === 'evaluation_shared'
            ? TRIAL_HISTORY_LINK
            : trialLink(registration.trialId),
        sourceKey: `registration.${data.update}:${data.eventId}`,
        ...notice,
      });
    }
    // The academy's open tabs refresh the registrant's row live on this kind (payment received).
    if (academy?.isActive) {
      notices.push({
        userId: academy.id,
        actorId: registration.playerId,
        kind: 'trial_registration',
        text: NOTIFICATION_TEXTS.registrationPaid(registration.name, registration.trialName),
        link: academyTrialLink(registration.trialId),
        sourceKey: `registration.confirmed:${data.eventId}:academy`,
      });
    }
    if (notices.length > 0)
      await deliverNotices({ ...deps, publisher: publisherFor(deps.bus) }, notices);
  };
}
