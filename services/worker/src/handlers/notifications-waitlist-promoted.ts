import type { Database } from '@touchline/db';
import { findRegistration } from '@touchline/db/trials';
import { findUserById } from '@touchline/db/users';
import { deliverNotices, emailLink, type Notice } from '@touchline/delivery';
import type { BusDriver, JobHandler, SecretBox } from '@touchline/drivers';
import {
  NOTIFICATION_TEXTS,
  academyTrialLink,
  formatLagosMoment,
  trialLink,
} from '@touchline/shared';
import { publisherFor } from './delivery';

const PROMOTED = ['registered', 'pending_payment', 'awaiting_guardian'] as const;
type Promoted = (typeof PROMOTED)[number];

/**
 * A waitlisted player given a freed place (supplement §17, decision 49), through the one delivery
 * path: the player in-app ('A place opened at <trial>: …' → /trial_details/<id>, pushed live, and
 * by push/SMS as their preferences allow) and by e-mail (`trials.waitlist_promoted`); the
 * academy '<name> registered for <trial>' (its registrants table refreshes on this kind) only
 * when it may see the registration (not a minor's waiting for a guardian, decision 42). One row
 * per event and person (`sourceKey`): a rerun sends nothing twice. A registration no longer in
 * a promoted status (cancelled or expired before this ran) is not told.
 */
export function createWaitlistPromotedNotificationsHandler(deps: {
  db: Database;
  bus: BusDriver;
  secretBox: SecretBox;
  publicUrl?: string;
}): JobHandler<'notifications.waitlist_promoted'> {
  return async ({ data }) => {
    const registration = await findRegistration(deps.db, data.registrationId);
    if (!registration || !(PROMOTED as readonly string[]).includes(registration.status)) return;
    const status = registration.status as Promoted;
    const [player, academy] = await Promise.all([
      findUserById(deps.db, registration.playerId),
      findUserById(deps.db, registration.academyId),
    ]);
    const notices: Notice[] = [];
    const link = trialLink(registration.trialId);
    if (player?.isActive)
      notices.push({
        userId: player.id,
        actorId: registration.academyId,
        kind: 'registration_update',
        text: NOTIFICATION_TEXTS.waitlistPromoted(registration.trialName, status),
        link,
        sourceKey: `registration.promoted:${data.eventId}`,
        email: {
          to: registration.accountEmail,
          template: 'trials.waitlist_promoted',
          params: {
            name: registration.name,
            trial: registration.trialName,
            referenceCode: registration.referenceCode,
            trialDate: registration.trialDate,
            startTime: registration.startTime,
            venue: registration.venue,
            status,
            amountKobo: registration.feeKobo,
            currency: registration.currency,
            holdUntil: registration.holdExpiresAt
              ? formatLagosMoment(registration.holdExpiresAt)
              : null,
            link: emailLink(deps.publicUrl, link),
          },
        },
      });
    if (academy?.isActive && registration.academyVisible)
      notices.push({
        userId: academy.id,
        actorId: registration.playerId,
        kind: 'trial_registration',
        text: NOTIFICATION_TEXTS.trialRegistration(registration.name, registration.trialName),
        link: academyTrialLink(registration.trialId),
        sourceKey: `registration.promoted:${data.eventId}:academy`,
      });
    if (notices.length > 0)
      await deliverNotices({ ...deps, publisher: publisherFor(deps.bus) }, notices);
  };
}
