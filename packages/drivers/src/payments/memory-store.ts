import type { SandboxCharge, SandboxChargeStore } from './types';

export type MemorySandboxChargeStore = SandboxChargeStore & {
  readonly charges: ReadonlyMap<string, SandboxCharge>;
};

/** The sandbox's remote side in memory, for the drivers' own tests (the app uses the database). */
export function createMemorySandboxChargeStore(): MemorySandboxChargeStore {
  const charges = new Map<string, SandboxCharge>();
  const copy = (reference: string) => {
    const charge = charges.get(reference);
    return charge ? { ...charge } : null;
  };
  return {
    charges,
    async create(charge) {
      if (!charges.has(charge.reference))
        charges.set(charge.reference, { ...charge, outcome: 'pending', refunded: false });
    },
    async get(reference) {
      return copy(reference);
    },
    async decide(reference, outcome) {
      const charge = charges.get(reference);
      if (charge?.outcome === 'pending') charge.outcome = outcome;
      return copy(reference);
    },
    async markRefunded(reference) {
      const charge = charges.get(reference);
      if (charge) charge.refunded = true;
      return copy(reference);
    },
  };
}
