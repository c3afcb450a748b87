import type { JobHandler } from '@touchline/drivers';

/** Placeholder while the trials repositories land: fails the job so it is retried later. */
export function createExpireHoldHandler(_deps: object): JobHandler<'trials.expire_hold'> {
  return async () => {
    throw new Error('trials.expire_hold: not implemented yet');
  };
}
