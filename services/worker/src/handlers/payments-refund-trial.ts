import { findTrialById } from '@touchline/db/trials';
import { listSucceededPaymentsForTrial } from '@touchline/db/payments';
import { UnrecoverableJobError, type JobHandler } from '@touchline/drivers';
import { refundPayment, type RefundDeps } from './payments-refund';

/**
 * A cancelled trial: every succeeded payment of its registrations is refunded (`refundPayment`,
 * one at a time, each at most once). A failure does not stop the others; the job then fails and
 * its retry finds only the payments still `succeeded`. Nothing for a trial that is not cancelled.
 */
export function createRefundTrialHandler(deps: RefundDeps): JobHandler<'payments.refund_trial'> {
  return async ({ data }) => {
    const trial = await findTrialById(deps.db, data.trialId);
    if (!trial || trial.status !== 'cancelled') return;
    const paid = await listSucceededPaymentsForTrial(deps.db, trial.id);
    const failures: unknown[] = [];
    for (const payment of paid) {
      try {
        await refundPayment(deps, payment.id);
      } catch (err) {
        failures.push(err);
      }
    }
    if (failures.length === 0) return;
    const message = `trial ${trial.id}: ${failures.length} of ${paid.length} refunds failed: ${failures
      .map((e) => (e instanceof Error ? e.message : String(e)))
      .join('; ')}`;
    // Retry unless every failure is one a retry cannot fix.
    if (failures.every((e) => e instanceof UnrecoverableJobError)) {
      throw new UnrecoverableJobError(message);
    }
    throw new Error(message);
  };
}
