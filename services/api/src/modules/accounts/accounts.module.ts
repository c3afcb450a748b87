import type { FastifyInstance } from 'fastify';
import { sessionRevokerFrom } from '../auth/auth.module';
import { createAccountsService, type AccountsService } from './accounts.service';

/** What the administration may do to an account (its screens arrive with the admin slice). */
export type AccountModeration = Pick<AccountsService, 'block' | 'unblock'>;

/**
 * Accounts has no routes of its own: it is the account lifecycle (administrators, blocking)
 * that the admin module and the `admin:create` command drive. This builds it from the root.
 */
export function buildAccountsService(app: FastifyInstance) {
  return createAccountsService({ db: app.db, tokens: sessionRevokerFrom(app), clock: app.clock });
}

/** Blocking and unblocking, for the admin module. */
export function accountModerationFrom(app: FastifyInstance): AccountModeration {
  return buildAccountsService(app);
}
