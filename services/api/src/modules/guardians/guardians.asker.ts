import type { FastifyInstance } from 'fastify';
import { createGuardianAsker, type GuardianAsker } from './guardians.requests';

/** Asking a child's guardian for consent, for signup and /welcome (auth and session modules). */
export function guardianAskerFrom(app: FastifyInstance): GuardianAsker {
  return createGuardianAsker({
    clock: app.clock,
    publicUrl: app.config.PUBLIC_URL,
    secretBox: app.drivers.secretBox,
  });
}
