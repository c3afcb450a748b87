import type { Database } from '@touchline/db';
import { listNewPostAudience } from '@touchline/db/notifications';
import { findTrialById } from '@touchline/db/trials';
import { findUserById } from '@touchline/db/users';
import type { BusDriver, JobHandler, SecretBox } from '@touchline/drivers';
import { NOTIFICATION_TEXTS, trialLink } from '@touchline/shared';
import { deliverNotices } from '@touchline/delivery';
import { publisherFor } from './delivery';

/** Recipients per transaction (as for new posts). */
export const NEW_TRIAL_BATCH_SIZE = 500;

/**
 * A verified academy's new trial, told to its followers (active, no block either way): '<academy>
 * added a new trial' → /trial_details/<id>, pushed live. Followers are taken in id order, a batch
 * per transaction; one row per follower and event (`trial.created:<eventId>:<id>`), so a rerun
 * after a crash tells only who was not told. Nothing when the trial was cancelled meanwhile.
 */
export function createNewTrialNotificationsHandler(deps: {
  db: Database;
  bus: BusDriver;
  secretBox: SecretBox;
  batchSize?: number;
}): JobHandler<'notifications.new_trial'> {
  const batchSize = deps.batchSize ?? NEW_TRIAL_BATCH_SIZE;

  return async ({ data }) => {
    const trial = await findTrialById(deps.db, data.trialId);
    if (!trial || trial.status !== 'active') return;
    const academy = await findUserById(deps.db, trial.academyId);
    if (!academy?.isActive || academy.role !== 'academy') return;
    const text = NOTIFICATION_TEXTS.newTrial(academy.username);
    const link = trialLink(trial.id);

    let after: string | null = null;
    for (;;) {
      const recipients: string[] = await listNewPostAudience(deps.db, {
        authorId: academy.id,
        role: 'academy',
        after,
        limit: batchSize,
      });
      if (recipients.length === 0) return;
      after = recipients.at(-1)!;
      await deliverNotices(
        { ...deps, publisher: publisherFor(deps.bus) },
        recipients.map((userId) => ({
          userId,
          actorId: academy.id,
          kind: 'new_trial' as const,
          text,
          link,
          sourceKey: `trial.created:${data.eventId}:${userId}`,
        })),
      );
      if (recipients.length < batchSize) return;
    }
  };
}
