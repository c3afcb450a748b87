import type { JobHandler } from '@touchline/drivers';

/** Placeholder while the trials repositories land: fails the job so it is retried later. */
export function createNewTrialNotificationsHandler(_deps: object): JobHandler<'notifications.new_trial'> {
  return async () => {
    throw new Error('notifications.new_trial: not implemented yet');
  };
}
