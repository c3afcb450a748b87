import type { Executor } from '../client';
import {
  createSandboxCharge,
  getSandboxCharge,
  setSandboxOutcome,
  setSandboxRefunded,
  type SandboxChargeRow,
} from './payments.repository';

/** Same shape as `SandboxCharge` in @touchline/drivers (kept local so db does not depend on drivers). */
export type StoredSandboxCharge = {
  reference: string;
  amountKobo: number;
  currency: string;
  email: string;
  outcome: 'pending' | 'success' | 'failed';
  refunded: boolean;
};

const charge = (row: SandboxChargeRow | null): StoredSandboxCharge | null =>
  row && {
    reference: row.reference,
    amountKobo: row.amountKobo,
    currency: row.currency,
    email: row.email,
    outcome: row.outcome,
    refunded: row.refunded,
  };

/**
 * Implements `SandboxChargeStore` of @touchline/drivers on `sandbox_charges`: the sandbox payment
 * provider's "remote side", shared by the API (checkout) and the worker (refunds).
 */
export function createSandboxChargeStore(db: Executor) {
  return {
    async create(input: {
      reference: string;
      amountKobo: number;
      currency: string;
      email: string;
    }) {
      await createSandboxCharge(db, input);
    },
    async get(reference: string) {
      return charge(await getSandboxCharge(db, reference));
    },
    async decide(reference: string, outcome: 'success' | 'failed') {
      return charge(await setSandboxOutcome(db, { reference, outcome, now: new Date() }));
    },
    async markRefunded(reference: string) {
      await setSandboxRefunded(db, { reference, now: new Date() });
      return charge(await getSandboxCharge(db, reference));
    },
  };
}
