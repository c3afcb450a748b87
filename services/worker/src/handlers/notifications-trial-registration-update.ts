import type { JobHandler } from '@touchline/drivers';

/** Placeholder while the trials repositories land: fails the job so it is retried later. */
export function createRegistrationUpdateNotificationsHandler(_deps: object): JobHandler<'notifications.registration_update'> {
  return async () => {
    throw new Error('notifications.registration_update: not implemented yet');
  };
}
