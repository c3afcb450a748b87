import type { JobHandler } from '@touchline/drivers';

/** Placeholder while the trials repositories land: fails the job so it is retried later. */
export function createSweepHoldsHandler(_deps: object): JobHandler<'trials.sweep_holds'> {
  return async () => {
    throw new Error('trials.sweep_holds: not implemented yet');
  };
}
