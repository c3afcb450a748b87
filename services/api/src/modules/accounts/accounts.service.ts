import type { Database } from '@touchline/db';
import { insertAdminAudit } from '@touchline/db/admin';
import { findUserByEmail, findUserById, insertUser, setUserActive } from '@touchline/db/users';
import { isStrongPassword, MESSAGES } from '@touchline/shared';
import { commonErrors } from '../../lib/app-error';
import { hashPassword } from '../auth/auth.passwords';
import { accountsErrors } from './accounts.errors';
import type { TokensService } from '../auth/auth.tokens.service';

export type AdminInput = { email: string; password: string; name?: string };

/** Creates an administrator (or finds the existing one with that e-mail). */
export async function createAdministrator(db: Database, input: AdminInput, now: Date) {
  const email = input.email.trim().toLowerCase();
  if (!isStrongPassword(input.password)) throw commonErrors.validation(MESSAGES.passwordStrength);
  const existing = await findUserByEmail(db, email);
  if (existing) {
    if (existing.role !== 'admin')
      throw commonErrors.conflict(`${email} belongs to a ${existing.role} account`);
    return { user: existing, created: false };
  }
  const user = await insertUser(db, {
    email,
    passwordHash: await hashPassword(input.password),
    role: 'admin',
    username: input.name ?? 'Administrator',
    emailVerifiedAt: now,
  });
  return { user, created: true };
}

/**
 * Account state changes made by administrators (and the admin:create command). Blocking revokes
 * every session in the same transaction and announces it, so the user's sockets close on every
 * instance and the next refresh answers `user_inactive`.
 */
export function createAccountsService(deps: {
  db: Database;
  tokens: Pick<TokensService, 'revokeAllInTransaction' | 'afterRevokeAll'>;
  clock: () => Date;
}) {
  return {
    /**
     * Blocks a player or an academy. Administrators are never blocked, by another administrator
     * or by themselves: one administrator must not be able to lock the others out. The
     * `user.blocked` audit record (actor `byUserId`, null for a script) is written in the same
     * transaction.
     */
    async block(userId: string, reason: string, byUserId?: string) {
      if (userId === byUserId) throw accountsErrors.blockSelf();
      if (reason.trim() === '') throw commonErrors.validation('A reason is required');
      await deps.db.transaction(async (tx) => {
        const target = await findUserById(tx, userId);
        if (!target) throw commonErrors.notFound('User not found');
        if (target.role === 'admin') throw accountsErrors.blockAdmin();
        if (!(await setUserActive(tx, userId, false, reason)))
          throw commonErrors.notFound('User not found');
        await deps.tokens.revokeAllInTransaction(tx, userId, 'blocked');
        await insertAdminAudit(tx, {
          actorId: byUserId ?? null,
          action: 'user.blocked',
          targetUserId: userId,
          reason,
          details: { role: target.role, was_blocked: !target.isActive },
        });
      });
      // Before the administrator sees 'blocked': refused on every instance, sockets closed.
      await deps.tokens.afterRevokeAll(userId);
    },

    /** Unblocks an account, with its `user.unblocked` audit record in the same transaction. */
    async unblock(userId: string, byUserId?: string, reason = '') {
      await deps.db.transaction(async (tx) => {
        const target = await findUserById(tx, userId);
        if (!target) throw commonErrors.notFound('User not found');
        if (!(await setUserActive(tx, userId, true))) throw commonErrors.notFound('User not found');
        await insertAdminAudit(tx, {
          actorId: byUserId ?? null,
          action: 'user.unblocked',
          targetUserId: userId,
          reason,
          details: { role: target.role, was_blocked: !target.isActive },
        });
      });
    },

    createAdmin: (input: AdminInput) => createAdministrator(deps.db, input, deps.clock()),

    get: (userId: string) => findUserById(deps.db, userId),
  };
}

export type AccountsService = ReturnType<typeof createAccountsService>;
