import { createHash, randomBytes } from 'node:crypto';
import { isUniqueViolation, uuidv7, type Database } from '@touchline/db';
import {
  consumePasswordReset,
  findUserByGoogleSub,
  insertPasswordReset,
  markEmailVerified,
  setPasswordHash,
} from '@touchline/db/auth';
import { createMediaObject } from '@touchline/db/media';
import { findUserByEmail, insertUser, type UserRow } from '@touchline/db/users';
import { AUTH_MESSAGES, LIMITS, MESSAGES, type Role } from '@touchline/shared';
import type { StorageDriver } from '@touchline/drivers';
import { guardianErrors } from '../guardians/guardians.errors';
import type { GuardianAsker } from '../guardians/guardians.requests';
import { authErrors } from './auth.errors';
import type { CodesService } from './auth.codes.service';
import type { GoogleVerifier } from './auth.google';
import { hashPassword, verifyPassword } from './auth.passwords';
import type { TokensService } from './auth.tokens.service';

export type AuthServiceDeps = {
  db: Database;
  clock: () => Date;
  storage: StorageDriver;
  codes: CodesService;
  tokens: TokensService;
  google: GoogleVerifier | null;
  /** Public URL of a stored media key (profile photos), or null. */
  mediaUrl: (mediaId: string | null) => Promise<string | null>;
  /** Unread notifications of the user (the notifications slice fills it in). */
  unreadCount: (userId: string) => Promise<number>;
  /** Asks a child's guardian for consent, in the signup's transaction (guardians module). */
  askGuardian: GuardianAsker;
};

export type SignupInput = {
  role: 'player' | 'academy';
  username: string;
  email: string;
  password: string;
  dob: string | null;
  establishedOn: string | null;
  state: string;
  district: string;
  sports: string[];
  /** Academies: the licence document, already checked by content. */
  licence: { buffer: Buffer; contentType: string; extension: string } | null;
  /** A player under 18: whom to ask for consent (the account is `awaiting_consent`). */
  guardian?: { email: string; phone: string | null } | null;
};

export type LoginArea = { is_academy: boolean; is_admin: boolean; is_guardian?: boolean };

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/**
 * Why an inactive account cannot sign in: blocked by an administrator, or deleted by its owner
 * and waiting for erasure (the sign-in form then offers 'Restore my account').
 */
function inactiveError(
  user: Pick<UserRow, 'blockedAt' | 'deletedAt' | 'eraseAfter' | 'consentStatus'>,
) {
  // A guardian withdrew consent: frozen, not restorable by the child (supplement §14).
  if (user.consentStatus === 'withdrawn' && !user.blockedAt) return guardianErrors.accountFrozen();
  if (user.deletedAt && !user.blockedAt) return authErrors.pendingDeletion(user.eraseAfter);
  return authErrors.blocked();
}

function areaRole(area: LoginArea): Role {
  if (area.is_admin) return 'admin';
  if (area.is_guardian) return 'guardian';
  return area.is_academy ? 'academy' : 'player';
}

/** Signup, sign-in checks, e-mail verification, Google sign-in and password reset. */
export function createAuthService(deps: AuthServiceDeps) {
  const { db, codes, tokens } = deps;

  /** Every check a sign-in applies (shared by /api/login and /api/token/). */
  async function checkCredentials(email: string, password: string, area: LoginArea) {
    const user = await findUserByEmail(db, email);
    if (!(await verifyPassword(user?.passwordHash, password)) || !user)
      throw authErrors.invalidCredentials();
    if (user.role !== areaRole(area)) throw authErrors.wrongArea();
    if (!user.isActive) throw inactiveError(user);
    if (!user.emailVerifiedAt) {
      await codes.sendIfAllowed({ email: user.email, name: user.username }, 'verify');
      throw authErrors.unverified();
    }
    return user;
  }

  async function sessionView(user: UserRow) {
    return {
      user: user.username,
      role: user.role,
      dob: user.dob,
      user_id: user.id,
      profile_photo: await deps.mediaUrl(user.profilePhotoMediaId),
      notification_count: await deps.unreadCount(user.id),
    };
  }

  return {
    checkCredentials,

    async signup(input: SignupInput) {
      const passwordHash = await hashPassword(input.password);
      // The licence is private: only its owner and administrators reach it, via a signed URL.
      const licence = input.licence
        ? { id: uuidv7(), ...input.licence, key: `licences/${uuidv7()}.${input.licence.extension}` }
        : null;
      if (licence) {
        await deps.storage.put({
          key: licence.key,
          body: licence.buffer,
          contentType: licence.contentType,
          visibility: 'private',
        });
      }
      try {
        await db.transaction(async (tx) => {
          if (await findUserByEmail(tx, input.email)) throw authErrors.emailTaken();
          const user = await insertUser(tx, {
            email: input.email,
            passwordHash,
            role: input.role,
            username: input.username,
            dob: input.dob,
            establishedOn: input.establishedOn,
            state: input.state,
            district: input.district,
            sports: input.sports,
            academyStatus: input.role === 'academy' ? 'unverified' : null,
            licenceMediaId: licence?.id ?? null,
            consentStatus: input.guardian ? 'awaiting_consent' : 'not_needed',
          });
          if (input.guardian)
            await deps.askGuardian(tx, {
              childId: user.id,
              childName: user.username,
              guardianEmail: input.guardian.email,
              guardianPhone: input.guardian.phone,
            });
          if (licence) {
            await createMediaObject(tx, {
              id: licence.id,
              ownerId: user.id,
              key: licence.key,
              visibility: 'private',
              kind: licence.contentType === 'application/pdf' ? 'document' : 'image',
              contentType: licence.contentType,
              byteSize: licence.buffer.length,
            });
          }
          await codes.issue(tx, { email: input.email, name: input.username }, 'verify');
        });
      } catch (err) {
        // Nothing half-written stays behind: the stored file goes with the failed signup.
        if (licence) await deps.storage.delete(licence.key, 'private').catch(() => undefined);
        // Two signups with one address in parallel both pass the lookup; the unique index
        // decides, and the loser gets the same answer as a later signup would.
        if (isUniqueViolation(err, 'users_email_key')) throw authErrors.emailTaken();
        throw err;
      }
      return { message: AUTH_MESSAGES.signupDone };
    },

    async login(email: string, password: string, area: LoginArea) {
      const user = await checkCredentials(email, password, area);
      return { ...(await sessionView(user)), message: AUTH_MESSAGES.loginSuccess };
    },

    async token(
      email: string,
      password: string,
      area: LoginArea,
      client: { ip?: string; userAgent?: string },
    ) {
      const user = await checkCredentials(email, password, area);
      const { access, refresh } = await tokens.openSession(user, client);
      return { access, refresh };
    },

    /**
     * The code is checked first, the account after: only someone holding a right code learns
     * anything about the address (unknown and known addresses fail alike, `codes.verify`).
     */
    async verifyEmail(email: string, otp: string) {
      await codes.verify(email, 'verify', otp);
      const user = await findUserByEmail(db, email);
      if (!user) throw authErrors.codeInvalid();
      if (user.emailVerifiedAt) throw authErrors.alreadyVerified();
      await markEmailVerified(db, user.id, deps.clock());
      return { message: AUTH_MESSAGES.verified };
    },

    /**
     * Resends a verification code. Unknown, verified and unverified addresses get the same
     * answer, also when the resend rules hold the code back (the form shows its own 60 s wait).
     */
    async resendVerification(email: string) {
      const user = await findUserByEmail(db, email);
      if (user && !user.emailVerifiedAt) {
        await codes.sendIfAllowed({ email, name: user.username }, 'verify');
      }
      return { message: AUTH_MESSAGES.codeSent };
    },

    /** Starts a reset. Unknown e-mails get the same answer as known ones. */
    async forgotPassword(email: string) {
      const user = await findUserByEmail(db, email);
      if (user?.passwordHash && user.isActive) {
        await codes.sendIfAllowed({ email, name: user.username }, 'reset');
      }
      return { message: AUTH_MESSAGES.codeSent };
    },

    /** A verified reset code yields a single-use reset token valid 15 minutes. */
    async verifyResetCode(email: string, otp: string) {
      await codes.verify(email, 'reset', otp);
      const user = await findUserByEmail(db, email);
      if (!user) throw authErrors.codeInvalid();
      const resetToken = randomBytes(32).toString('base64url');
      await insertPasswordReset(db, {
        userId: user.id,
        tokenHash: sha256(resetToken),
        expiresAt: new Date(deps.clock().getTime() + LIMITS.resetTokenTtlSeconds * 1000),
      });
      return { reset_token: resetToken, message: AUTH_MESSAGES.verified };
    },

    /** Sets the new password and signs every session out. */
    async resetPassword(resetToken: string, password: string) {
      const passwordHash = await hashPassword(password);
      const signedOut = await db.transaction(async (tx) => {
        const userId = await consumePasswordReset(tx, sha256(resetToken), deps.clock());
        if (!userId) throw authErrors.resetTokenInvalid();
        await setPasswordHash(tx, userId, passwordHash, deps.clock());
        await tokens.revokeAllInTransaction(tx, userId, 'password_reset');
        return userId;
      });
      await tokens.afterRevokeAll(signedOut);
      return { message: AUTH_MESSAGES.resetDone };
    },

    /**
     * Google sign-in: always a player, and bound to the Google subject (`sub`), never to the
     * e-mail alone. A known subject signs in whatever its address is now; an address that
     * belongs to another account (a password, another Google subject) is refused with an
     * explanation, never merged; a new subject with a free address makes a new player.
     */
    async google(idToken: string, client: { ip?: string; userAgent?: string }) {
      if (!deps.google) throw authErrors.googleDisabled();
      const identity = await deps.google(idToken);
      if (!identity || !identity.emailVerified) throw authErrors.googleInvalid();
      let created = false;
      let user = await findUserByGoogleSub(db, identity.sub);
      if (!user) {
        const byEmail = await findUserByEmail(db, identity.email);
        if (byEmail?.googleSub) throw authErrors.googleOtherAccount();
        if (byEmail) throw authErrors.googleEmailTaken();
        try {
          user = await insertUser(db, {
            email: identity.email,
            role: 'player',
            username: identity.name.slice(0, LIMITS.nameMaxLength),
            googleSub: identity.sub,
            emailVerifiedAt: deps.clock(),
            // The date of birth comes at /welcome; until then the account counts as a child's
            // and reaches nobody (supplement §14). /welcome makes an adult's `not_needed`.
            consentStatus: 'awaiting_consent',
          });
          created = true;
        } catch (err) {
          // A parallel first sign-in of the same subject (or a signup with the address) won.
          if (!isUniqueViolation(err)) throw err;
          user = await findUserByGoogleSub(db, identity.sub);
          if (!user) throw authErrors.googleEmailTaken();
        }
      }
      if (!user.isActive) throw inactiveError(user);
      const pair = await tokens.openSession(user, client);
      const view = await sessionView(user);
      return {
        ...pair,
        username: view.user,
        dob: view.dob,
        profile_photo: view.profile_photo,
        notification_count: view.notification_count,
        user_id: user.id,
        detail: created
          ? `${MESSAGES.googleSignupSuccess} ${user.username}`
          : AUTH_MESSAGES.loginSuccess,
        created,
      };
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
