import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import {
  addEmailCodeAttempt,
  consumeEmailCode,
  countEmailCodesSince,
  createEmail,
  insertEmailCode,
  latestEmailCode,
  type CodePurpose,
  type Database,
  type Executor,
} from '@touchline/db';
import { LIMITS } from '@touchline/shared';
import { codeEmail } from './auth.emails';
import { authErrors } from './auth.errors';

export type CodesServiceDeps = { db: Database; secret: string; clock: () => Date };

/**
 * One-time e-mail codes: six digits, stored as a keyed hash, valid 10 minutes, 5 wrong attempts
 * per code, a resend after 60 s and at most 5 sends an hour per address. The e-mail leaves
 * through the outbox in the same transaction that stores the code.
 */
export function createCodesService(deps: CodesServiceDeps) {
  const hash = (email: string, purpose: CodePurpose, code: string) =>
    createHmac('sha256', deps.secret).update(`${purpose}:${email}:${code}`).digest('hex');

  /** Why a new code may not be sent now, or null when it may. */
  async function sendBlocker(executor: Executor, email: string, purpose: CodePurpose) {
    const now = deps.clock().getTime();
    const last = await latestEmailCode(executor, email, purpose);
    if (last) {
      const wait = Math.ceil(
        (last.createdAt.getTime() + LIMITS.otpResendSeconds * 1000 - now) / 1000,
      );
      if (wait > 0) return authErrors.resendTooSoon(wait);
    }
    const sent = await countEmailCodesSince(executor, email, new Date(now - 3600_000));
    if (sent >= LIMITS.otpMaxSendsPerHour) return authErrors.resendLimit();
    return null;
  }

  /** Stores a fresh code and queues its e-mail, inside the caller's transaction. */
  async function issue(
    executor: Executor,
    to: { email: string; name: string },
    purpose: CodePurpose,
  ) {
    const code = String(randomInt(0, 10 ** LIMITS.otpLength)).padStart(LIMITS.otpLength, '0');
    const now = deps.clock();
    const expiresAt = new Date(now.getTime() + LIMITS.otpTtlSeconds * 1000);
    await insertEmailCode(executor, {
      email: to.email,
      purpose,
      codeHash: hash(to.email, purpose, code),
      expiresAt,
      createdAt: now,
    });
    await createEmail(executor, { to: to.email, ...codeEmail(purpose, to.name, code) });
  }

  return {
    sendBlocker,
    issue,

    /** Sends a code unless the resend rules forbid it (then throws their error). */
    async send(to: { email: string; name: string }, purpose: CodePurpose) {
      await deps.db.transaction(async (tx) => {
        const blocker = await sendBlocker(tx, to.email, purpose);
        if (blocker) throw blocker;
        await issue(tx, to, purpose);
      });
    },

    /** Sends a code when allowed and quietly does nothing otherwise (login of an unverified user). */
    async sendIfAllowed(to: { email: string; name: string }, purpose: CodePurpose) {
      await deps.db.transaction(async (tx) => {
        if (!(await sendBlocker(tx, to.email, purpose))) await issue(tx, to, purpose);
      });
    },

    /** Checks the newest code; consumes it when right, counts the attempt when wrong. */
    async verify(email: string, purpose: CodePurpose, code: string) {
      const latest = await latestEmailCode(deps.db, email, purpose);
      if (!latest || latest.consumedAt) throw authErrors.codeInvalid();
      if (latest.expiresAt.getTime() <= deps.clock().getTime()) throw authErrors.codeExpired();
      if (latest.attempts >= LIMITS.otpMaxAttempts) throw authErrors.codeAttempts();
      const expected = Buffer.from(latest.codeHash, 'hex');
      const given = Buffer.from(hash(email, purpose, code), 'hex');
      if (!timingSafeEqual(expected, given)) {
        const attempts = await addEmailCodeAttempt(deps.db, latest.id);
        throw attempts >= LIMITS.otpMaxAttempts
          ? authErrors.codeAttempts()
          : authErrors.codeInvalid();
      }
      if (!(await consumeEmailCode(deps.db, latest.id, deps.clock())))
        throw authErrors.codeInvalid();
    },
  };
}

export type CodesService = ReturnType<typeof createCodesService>;
