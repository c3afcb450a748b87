import type { JobHandler } from '@touchline/drivers';

/** Placeholder while the trials repositories land: fails the job so it is retried later. */
export function createTrialCancelledNotificationsHandler(_deps: object): JobHandler<'notifications.trial_cancelled'> {
  return async () => {
    throw new Error('notifications.trial_cancelled: not implemented yet');
  };
}
