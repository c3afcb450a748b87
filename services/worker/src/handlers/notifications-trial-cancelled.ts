import type { Database } from '@touchline/db';
import { wasTrialCancelledByAdmin } from '@touchline/db/admin';
import { findTrialById, listRegistrants } from '@touchline/db/trials';
import type { BusDriver, JobHandler, SecretBox } from '@touchline/drivers';
import { NOTIFICATION_TEXTS, trialLink } from '@touchline/shared';
import { deliverNotices, emailLink, type Notice } from '@touchline/delivery';
import { publisherFor } from './delivery';

/** Registrants per transaction. */
export const TRIAL_CANCELLED_BATCH_SIZE = 200;

/**
 * A cancelled trial, told to every registrant it cancelled (`trial_cancelled`): '<trial> has been
 * cancelled' → /trial_details/<id>, pushed live, and an e-mail with the reason (saying who
 * cancelled: the academy, or Touchline's administrators when an audit record says so), saying
 * whether their payment is being refunded (the refund itself is `payments.refund_trial`, which
 * tells them again once it is done). One row per registrant and event, so a rerun tells only who
 * was not told.
 */
export function createTrialCancelledNotificationsHandler(deps: {
  db: Database;
  bus: BusDriver;
  secretBox: SecretBox;
  batchSize?: number;
  publicUrl?: string;
}): JobHandler<'notifications.trial_cancelled'> {
  const batchSize = deps.batchSize ?? TRIAL_CANCELLED_BATCH_SIZE;

  return async ({ data }) => {
    const trial = await findTrialById(deps.db, data.trialId);
    if (!trial || trial.status !== 'cancelled') return;
    const registrants = await listRegistrants(deps.db, {
      trialId: trial.id,
      statuses: ['trial_cancelled'],
    });
    const byAdmin = await wasTrialCancelledByAdmin(deps.db, trial.id);
    const link = trialLink(trial.id);
    const notices: Notice[] = registrants.map((r) => ({
      userId: r.playerId,
      actorId: trial.academyId,
      kind: 'registration_update',
      text: NOTIFICATION_TEXTS.trialCancelled(trial.name),
      link,
      sourceKey: `trial.cancelled:${data.eventId}:${r.id}`,
      email: {
        to: r.accountEmail,
        template: 'trials.cancelled',
        params: {
          name: r.name,
          trial: trial.name,
          referenceCode: r.referenceCode,
          reason: trial.cancelReason ?? '',
          refund: r.paymentStatus === 'succeeded' || r.paymentStatus === 'refunded',
          link: emailLink(deps.publicUrl, link),
          ...(byAdmin ? { byAdmin } : {}),
        },
      },
    }));
    for (let i = 0; i < notices.length; i += batchSize) {
      await deliverNotices(
        { ...deps, publisher: publisherFor(deps.bus) },
        notices.slice(i, i + batchSize),
      );
    }
  };
}
