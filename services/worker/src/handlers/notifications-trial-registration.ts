import type { JobHandler } from '@touchline/drivers';

/** Placeholder while the trials repositories land: fails the job so it is retried later. */
export function createRegistrationNotificationsHandler(_deps: object): JobHandler<'notifications.registration'> {
  return async () => {
    throw new Error('notifications.registration: not implemented yet');
  };
}
