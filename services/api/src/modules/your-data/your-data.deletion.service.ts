import type { Database, Transaction } from '@touchline/db';
import { insertAdminAudit } from '@touchline/db/admin';
import {
  countOtherActiveAdmins,
  markAccountDeleted,
  readDeletionFacts,
  restoreDeletedAccount,
} from '@touchline/db/accounts';
import { findUserByGoogleSub } from '@touchline/db/auth';
import { appendEvent } from '@touchline/db/outbox';
import { cancelTrial } from '@touchline/db/trials';
import { findUserByEmail, findUserById, lockUserRow, type UserRow } from '@touchline/db/users';
import {
  todayInLagos,
  YOUR_DATA_LIMITS,
  YOUR_DATA_MESSAGES,
  type DeleteAccountBody,
  type DeletionInfo,
  type RestoreAccountBody,
  type Role,
} from '@touchline/shared';
import { commonErrors } from '../../lib/app-error';
import type { SessionRevoker } from '../auth/auth.module';
import { authErrors } from '../auth/auth.errors';
import type { GoogleVerifier } from '../auth/auth.google';
import { verifyPassword } from '../auth/auth.passwords';
import { cancelRegistrationWithin } from '../trials/trials.registrations.within';
import { guardianErrors } from '../guardians/guardians.errors';
import { yourDataErrors } from './your-data.errors';
import { decideConfirmation, decideDeletion } from './your-data.rules';

const DAY_MS = 24 * 60 * 60 * 1000;

const areaRole = (body: RestoreAccountBody): Role =>
  body.is_admin ? 'admin' : body.is_academy ? 'academy' : 'player';

/**
 * Deleting and restoring accounts (supplement §15). `deleteAccount` takes the subject and the
 * actor, so a later guardian route can delete a linked child's account after its own checks; the
 * owner's route first proves the owner with `confirmOwner`.
 */
export function createDeletionService(deps: {
  db: Database;
  clock: () => Date;
  tokens: SessionRevoker;
  google: GoogleVerifier | null;
}) {
  const { db, clock } = deps;

  /** Academies' upcoming trials and players' open registrations go with the account at once. */
  async function cancelCommitments(
    tx: Transaction,
    userId: string,
    facts: { upcomingTrialIds: string[]; cancellableRegistrationIds: string[] },
    now: Date,
  ) {
    let trials = 0;
    for (const trialId of facts.upcomingTrialIds) {
      const cancelled = await cancelTrial(tx, {
        trialId,
        academyId: userId,
        reason: YOUR_DATA_MESSAGES.academyClosedReason,
        at: now,
      });
      if (!cancelled.ok) continue;
      await appendEvent(tx, { type: 'trial.cancelled', payload: { trialId } });
      trials += 1;
    }
    let registrations = 0;
    for (const registrationId of facts.cancellableRegistrationIds) {
      // The player's own cancellation (its rule, events and refund), as `DELETE player_trial`.
      const cancelled = await cancelRegistrationWithin(tx, {
        registrationId,
        playerId: userId,
        at: now,
      });
      if (cancelled.ok) registrations += 1;
    }
    return { trials, registrations };
  }

  return {
    /** How the owner confirms a deletion and what it will cancel. */
    async info(subjectId: string): Promise<DeletionInfo> {
      const facts = await readDeletionFacts(db, subjectId, todayInLagos(clock()));
      if (!facts) throw commonErrors.notFound('User not found');
      return {
        confirm_with: facts.hasPassword ? 'password' : 'google',
        erase_after_days: YOUR_DATA_LIMITS.eraseAfterDays,
        upcoming_trials: facts.upcomingTrialIds.length,
        open_registrations: facts.cancellableRegistrationIds.length,
      };
    },

    /**
     * Proves the signed-in owner: their password, or for an account without one a Google
     * sign-in of the same Google account from the last few minutes. 400 otherwise.
     */
    async confirmOwner(userId: string, body: DeleteAccountBody) {
      const user = await findUserById(db, userId);
      if (!user) throw commonErrors.notFound('User not found');
      const given = body.password ?? '';
      const passwordMatches =
        user.passwordHash && given !== '' ? await verifyPassword(user.passwordHash, given) : null;
      let google: { sub: string; issuedAt: Date | null } | 'invalid' | null = null;
      if (!user.passwordHash && body.id_token) {
        const identity = deps.google ? await deps.google(body.id_token) : null;
        google = identity ? { sub: identity.sub, issuedAt: identity.issuedAt } : 'invalid';
      }
      const decision = decideConfirmation({
        hasPassword: user.passwordHash !== null,
        googleSub: user.googleSub,
        passwordMatches,
        google,
        now: clock(),
      });
      if (decision.ok) return;
      if (decision.missing) throw yourDataErrors.confirmationRequired(decision.message!);
      throw yourDataErrors.confirmationWrong(
        decision.message!,
        user.passwordHash ? { password: decision.message! } : undefined,
      );
    },

    /**
     * Deletes `subjectId`'s account, asked by `actorId`: at once inactive (hidden wherever a
     * blocked account is), every session revoked and its sockets closed (`user.sessions_revoked`),
     * an academy's upcoming trials cancelled (refunds and notices follow), a player's open
     * registrations cancelled; erased after 30 days, or by the worker at once with `immediately`.
     * The `account.deletion_requested` audit record commits with it. The last administrator is
     * refused (403).
     */
    async deleteAccount(input: { subjectId: string; actorId: string; immediately: boolean }) {
      const now = clock();
      const eraseAfter = input.immediately
        ? now
        : new Date(now.getTime() + YOUR_DATA_LIMITS.eraseAfterDays * DAY_MS);
      await db.transaction(async (tx) => {
        const user = await lockUserRow(tx, input.subjectId);
        if (!user || user.deletedAt) throw commonErrors.notFound('User not found');
        const facts = await readDeletionFacts(tx, user.id, todayInLagos(now));
        const otherActiveAdmins =
          user.role === 'admin' ? await countOtherActiveAdmins(tx, user.id) : 0;
        if (decideDeletion({ role: user.role, otherActiveAdmins }) === 'last_admin')
          throw yourDataErrors.lastAdmin();
        await markAccountDeleted(tx, user.id, { at: now, eraseAfter });
        await deps.tokens.revokeAllInTransaction(tx, user.id, 'account_deleted');
        const cancelled = await cancelCommitments(tx, user.id, facts!, now);
        if (input.immediately)
          await appendEvent(tx, { type: 'account.erase_requested', payload: { userId: user.id } });
        await insertAdminAudit(tx, {
          actorId: input.actorId,
          action: 'account.deletion_requested',
          targetUserId: user.id,
          reason:
            input.actorId === user.id ? 'Deleted by the account owner' : 'Deleted for the account',
          details: {
            role: user.role,
            immediately: input.immediately,
            erase_after: eraseAfter.toISOString(),
            trials_cancelled: cancelled.trials,
            registrations_cancelled: cancelled.registrations,
          },
        });
      });
      await deps.tokens.afterRevokeAll(input.subjectId);
      return {
        message: input.immediately
          ? YOUR_DATA_MESSAGES.deletedAndErased
          : YOUR_DATA_MESSAGES.deleted,
        erase_after: eraseAfter.toISOString(),
        immediately: input.immediately,
      };
    },

    /**
     * Restores a deleted account not erased yet, proven as a sign-in would be (e-mail, password
     * and area; or a Google ID token): active again, deletion columns cleared, `account.restored`
     * audited. Wrong credentials answer as the sign-in does; a live account 409.
     */
    async restore(body: RestoreAccountBody) {
      let user: UserRow | null;
      if (body.id_token) {
        const identity = deps.google ? await deps.google(body.id_token) : null;
        if (!identity) throw authErrors.googleInvalid();
        user = await findUserByGoogleSub(db, identity.sub);
        if (!user) throw authErrors.googleInvalid();
      } else {
        user = await findUserByEmail(db, (body.email ?? '').trim());
        if (!(await verifyPassword(user?.passwordHash, body.password ?? '')) || !user)
          throw authErrors.invalidCredentials();
        if (user.role !== areaRole(body)) throw authErrors.wrongArea();
      }
      // A child whose guardian withdrew consent comes back only by a guardian's consent (§14).
      if (user.consentStatus === 'withdrawn') throw guardianErrors.accountFrozen();
      const target = user;
      await db.transaction(async (tx) => {
        if (!(await restoreDeletedAccount(tx, target.id))) throw yourDataErrors.notPending();
        await insertAdminAudit(tx, {
          actorId: target.id,
          action: 'account.restored',
          targetUserId: target.id,
          reason: 'Restored by the account owner',
          details: { role: target.role },
        });
      });
      return { message: YOUR_DATA_MESSAGES.restored };
    },
  };
}

export type DeletionService = ReturnType<typeof createDeletionService>;
