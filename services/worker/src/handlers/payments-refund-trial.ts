import type { JobHandler } from '@touchline/drivers';

/** Placeholder while the trials repositories land: fails the job so it is retried later. */
export function createRefundTrialHandler(_deps: object): JobHandler<'payments.refund_trial'> {
  return async () => {
    throw new Error('payments.refund_trial: not implemented yet');
  };
}
