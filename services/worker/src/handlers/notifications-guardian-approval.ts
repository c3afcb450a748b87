import type { Database } from '@touchline/db';
import { findRegistration, listLiveGuardians } from '@touchline/db/trials';
import { deliverNotices, emailLink, type Notice } from '@touchline/delivery';
import type { BusDriver, JobHandler, SecretBox } from '@touchline/drivers';
import { NOTIFICATION_TEXTS, formatLagosMoment, trialLink } from '@touchline/shared';
import { publisherFor } from './delivery';

/** Where a guardian approves or declines. */
const GUARDIAN_HOME = '/guardian/home';

/**
 * A consented minor's registration and its guardians (supplement §14, decision 42), never the
 * academy: `requested` tells each linked guardian at once, in-app ('<child> registered for
 * <trial>: your approval is needed' → /guardian/home) and by e-mail; `declined` tells the child
 * the place was released. One notice per event and person (`sourceKey`), so a rerun sends nothing
 * twice.
 */
export function createGuardianApprovalNotificationsHandler(deps: {
  db: Database;
  bus: BusDriver;
  secretBox: SecretBox;
  publicUrl?: string;
}): JobHandler<'notifications.guardian_approval'> {
  return async ({ data }) => {
    const registration = await findRegistration(deps.db, data.registrationId);
    if (!registration) return;
    const notices: Notice[] = [];
    if (data.update === 'requested') {
      // Decided or expired before the job ran: nothing to ask any more.
      if (registration.status !== 'awaiting_guardian') return;
      const guardians = await listLiveGuardians(deps.db, registration.playerId);
      for (const guardian of guardians) {
        if (!guardian.isActive) continue;
        notices.push({
          userId: guardian.id,
          actorId: registration.playerId,
          kind: 'registration_update',
          text: NOTIFICATION_TEXTS.guardianApprovalRequested(
            registration.name,
            registration.trialName,
          ),
          link: GUARDIAN_HOME,
          sourceKey: `registration.awaiting_guardian:${data.eventId}:${guardian.id}`,
          email: {
            to: guardian.email,
            template: 'trials.guardian_approval',
            params: {
              childName: registration.name,
              trial: registration.trialName,
              academy: registration.academyName,
              trialDate: registration.trialDate,
              venue: registration.venue,
              amountKobo: registration.feeKobo,
              currency: registration.currency,
              expiresAt: registration.holdExpiresAt
                ? formatLagosMoment(registration.holdExpiresAt)
                : 'the trial’s deadline',
              link: emailLink(deps.publicUrl, GUARDIAN_HOME),
            },
          },
        });
      }
    } else {
      notices.push({
        userId: registration.playerId,
        actorId: null,
        kind: 'registration_update',
        text: NOTIFICATION_TEXTS.registrationDeclinedByGuardian(registration.trialName),
        link: trialLink(registration.trialId),
        sourceKey: `registration.declined:${data.eventId}`,
      });
    }
    await deliverNotices({ ...deps, publisher: publisherFor(deps.bus) }, notices);
  };
}
