import type { JobHandler } from '@touchline/drivers';

/** Placeholder while the trials repositories land: fails the job so it is retried later. */
export function createRefundHandler(_deps: object): JobHandler<'payments.refund'> {
  return async () => {
    throw new Error('payments.refund: not implemented yet');
  };
}
