import type { Database, Transaction } from '@touchline/db';
import { appendEvent } from '@touchline/db/outbox';
import {
  findPendingPayment,
  hasLiveGuardianLink,
  insertGuardianPayment,
  lockRegistration,
  markGuardianApproved,
  markRegistrationCancelled,
  newPaymentReference,
  type PaymentProviderName,
} from '@touchline/db/trials';
import { findUserById } from '@touchline/db/users';
import {
  TRIAL_MESSAGES,
  type GuardianApprovalDecision as Answer,
  type GuardianApprovalResponse,
} from '@touchline/shared';
import { trialsErrors } from './trials.errors';
import { decideGuardianApproval } from './trials.registrations.rules';
import type { PaymentStarter } from './trials.registrations.service';

export type ApprovalsServiceDeps = {
  db: Database;
  clock: () => Date;
  provider: PaymentProviderName;
  payments: PaymentStarter;
};

/**
 * Inside the caller's transaction (decision 34's three steps): lock the registration and its trial
 * (`lockRegistration`), read the guardian's link and open checkout, decide
 * (`decideGuardianApproval`), write, append the event. Answers what the caller does after commit.
 */
async function decideWithin(
  tx: Transaction,
  input: {
    registrationId: string;
    guardianId: string;
    decision: Answer;
    now: Date;
    provider: PaymentProviderName;
  },
) {
  const locked = await lockRegistration(tx, input.registrationId);
  const linked = locked
    ? await hasLiveGuardianLink(tx, {
        guardianId: input.guardianId,
        childId: locked.registration.playerId,
      })
    : false;
  const open = locked && linked ? await findPendingPayment(tx, input.registrationId) : null;
  const pendingPayment = open && open.payerId === input.guardianId ? open : null;
  const decision = decideGuardianApproval({
    locked,
    linked,
    pendingPayment,
    decision: input.decision,
    now: input.now,
  });
  if (!decision.ok) return decision;
  const { registrationId } = input;
  if (decision.action === 'register') {
    await markGuardianApproved(tx, { registrationId, at: input.now });
    await appendEvent(tx, { type: 'registration.approved', payload: { registrationId } });
    return { ok: true as const, status: 'registered' as const, payment: null };
  }
  if (decision.action === 'decline') {
    await markRegistrationCancelled(tx, {
      registrationId,
      trialId: locked!.trial.id,
      at: input.now,
    });
    await appendEvent(tx, { type: 'registration.declined', payload: { registrationId } });
    return { ok: true as const, status: 'cancelled' as const, payment: null };
  }
  const payment =
    decision.payment === 'open'
      ? { ...pendingPayment!, fresh: false }
      : {
          ...(await insertGuardianPayment(tx, {
            registrationId,
            payerId: input.guardianId,
            provider: input.provider,
            reference: newPaymentReference(),
            amountKobo: decision.payment.amountKobo,
            currency: decision.payment.currency,
            at: input.now,
          })),
          amountKobo: decision.payment.amountKobo,
          currency: decision.payment.currency,
          authorizationUrl: null as string | null,
          fresh: true,
        };
  return { ok: true as const, status: 'awaiting_guardian' as const, payment };
}

/**
 * A guardian's answer to a consented minor's registration (supplement §14, decision 42):
 * `approve` registers a free trial's at once; for a paid trial it opens the normal checkout with
 * the guardian as payer, and the confirmed payment registers it (payments' `markPaymentSucceeded`
 * appends `registration.approved`); `decline` frees the place. Only a guardian linked to the
 * child: anyone else reads it as missing (404).
 */
export function createApprovalsService(deps: ApprovalsServiceDeps) {
  const { db, clock } = deps;
  return {
    async decide(
      guardianId: string,
      registrationId: string,
      decision: Answer,
    ): Promise<GuardianApprovalResponse> {
      const result = await db.transaction((tx) =>
        decideWithin(tx, {
          registrationId,
          guardianId,
          decision,
          now: clock(),
          provider: deps.provider,
        }),
      );
      if (!result.ok)
        throw result.reason === 'not_found'
          ? trialsErrors.approvalNotFound()
          : trialsErrors.approvalClosed();
      if (!result.payment)
        return {
          message:
            result.status === 'registered'
              ? TRIAL_MESSAGES.guardianApproved
              : TRIAL_MESSAGES.guardianDeclined,
          id: registrationId,
          status: result.status,
        };
      const { payment } = result;
      let authorizationUrl = payment.authorizationUrl;
      if (!authorizationUrl) {
        const guardian = await findUserById(db, guardianId);
        // The registration keeps its hold: the guardian may try again (or decline).
        const started = await deps.payments.initialize({
          reference: payment.reference,
          amountKobo: payment.amountKobo,
          currency: payment.currency,
          email: guardian!.email,
        });
        authorizationUrl = started.authorization_url;
      }
      return {
        message: TRIAL_MESSAGES.guardianApprovedPay,
        id: registrationId,
        status: result.status,
        payment: { reference: payment.reference, authorization_url: authorizationUrl },
      };
    },
  };
}

export type ApprovalsService = ReturnType<typeof createApprovalsService>;
