import type { Database } from '@touchline/db';
import { findRegistration } from '@touchline/db/trials';
import { findUserById } from '@touchline/db/users';
import type { BusDriver, JobHandler, SecretBox } from '@touchline/drivers';
import { NOTIFICATION_TEXTS, academyTrialLink, trialLink } from '@touchline/shared';
import { deliverNotices, emailLink, type Notice } from '@touchline/delivery';
import { publisherFor } from './delivery';
import { receiptEmail } from './notifications-trial-registration-update';

/**
 * A new registration, told to the trial's academy: '<name> registered for <trial>' →
 * /academy/trial_details/<id>, pushed live to every open tab of the academy (the web refreshes
 * its registrants table on this kind). One row per event (`registration.created:<eventId>`).
 *
 * A free registration is confirmed at once: its player gets 'Your registration for <trial> is
 * confirmed' and the receipt e-mail here (a paid one gets them from `registration.confirmed`).
 */
export function createRegistrationNotificationsHandler(deps: {
  db: Database;
  bus: BusDriver;
  secretBox: SecretBox;
  publicUrl?: string;
}): JobHandler<'notifications.registration'> {
  return async ({ data }) => {
    const registration = await findRegistration(deps.db, data.registrationId);
    if (!registration) return;
    const [academy, player] = await Promise.all([
      findUserById(deps.db, registration.academyId),
      findUserById(deps.db, registration.playerId),
    ]);
    const notices: Notice[] = [];
    // A minor's registration is the family's until a guardian approved it (decision 42).
    if (academy?.isActive && registration.academyVisible) {
      notices.push({
        userId: academy.id,
        actorId: registration.playerId,
        kind: 'trial_registration',
        text: NOTIFICATION_TEXTS.trialRegistration(registration.name, registration.trialName),
        link: academyTrialLink(registration.trialId),
        sourceKey: `registration.created:${data.eventId}`,
      });
    }
    const free = registration.feeKobo === 0 && registration.status === 'registered';
    if (free && player?.isActive) {
      notices.push({
        userId: player.id,
        actorId: registration.academyId,
        kind: 'registration_update',
        text: NOTIFICATION_TEXTS.registrationConfirmed(registration.trialName),
        link: trialLink(registration.trialId),
        sourceKey: `registration.created:${data.eventId}:player`,
        email: receiptEmail(
          registration,
          null,
          emailLink(deps.publicUrl, trialLink(registration.trialId)),
        ),
      });
    }
    await deliverNotices({ ...deps, publisher: publisherFor(deps.bus) }, notices);
  };
}
