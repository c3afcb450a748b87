import type { Database } from '@touchline/db';
import { findTrialById } from '@touchline/db/trials';
import { findUserById } from '@touchline/db/users';
import type { BusDriver, JobHandler, SecretBox } from '@touchline/drivers';
import { NOTIFICATION_TEXTS, trialLink } from '@touchline/shared';
import { tellAudience } from './audience-notices';
import { publisherFor } from './delivery';

/**
 * A verified academy's new trial, told to its followers (active, no block either way): '<academy>
 * added a new trial' → /trial_details/<id>, previewed to their open tabs first and stored a batch
 * at a time (`tellAudience`). One row per follower and event (`trial.created:<eventId>:<id>`), so
 * a rerun after a crash tells only who was not told. Nothing when the trial was cancelled
 * meanwhile.
 */
export function createNewTrialNotificationsHandler(deps: {
  db: Database;
  bus: BusDriver;
  secretBox: SecretBox;
  batchSize?: number;
}): JobHandler<'notifications.new_trial'> {
  return async ({ data }) => {
    const trial = await findTrialById(deps.db, data.trialId);
    if (!trial || trial.status !== 'active') return;
    const academy = await findUserById(deps.db, trial.academyId);
    if (!academy?.isActive || academy.role !== 'academy') return;
    await tellAudience(
      { ...deps, publisher: publisherFor(deps.bus) },
      {
        author: { id: academy.id, role: 'academy' },
        notice: {
          kind: 'new_trial',
          text: NOTIFICATION_TEXTS.newTrial(academy.username),
          link: trialLink(trial.id),
        },
        happenedAt: trial.createdAt,
        sourceKeyPrefix: `trial.created:${data.eventId}:`,
        batchSize: deps.batchSize,
      },
    );
  };
}
