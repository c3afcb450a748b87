import type { JobHandler } from '@touchline/drivers';

/** Placeholder while the trials repositories land: fails the job so it is retried later. */
export function createRemindHandler(_deps: object): JobHandler<'trials.remind'> {
  return async () => {
    throw new Error('trials.remind: not implemented yet');
  };
}
