import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import type { Database, Executor } from '@touchline/db';
import {
  claimEmailCodeAttempt,
  consumeEmailCode,
  countEmailCodesSince,
  insertEmailCode,
  latestEmailCode,
} from '@touchline/db/auth';
import { appendEvent } from '@touchline/db/outbox';
import { createEmail } from '@touchline/db/emails';
import { findCodeSmsTarget, insertSms } from '@touchline/db/reach';
import type { SecretBox } from '@touchline/drivers';
import {
  chosenCodesBySms,
  LIMITS,
  REACH_TEXTS,
  type CodePurpose,
  type EmailParams,
  type EmailTemplate,
} from '@touchline/shared';
import { authErrors } from './auth.errors';

export type CodesServiceDeps = {
  db: Database;
  secret: string;
  clock: () => Date;
  /** Seals the e-mail's parameters (the code) until the worker renders and sends it. */
  secretBox: Pick<SecretBox, 'seal'>;
};

const TEMPLATES = {
  verify: 'auth.verify_code',
  reset: 'auth.reset_code',
} as const satisfies Record<CodePurpose, EmailTemplate>;

/**
 * One-time e-mail codes: six digits, stored as a keyed hash, valid 10 minutes, 5 attempts per
 * code, a resend after 60 s and at most 5 sends an hour per address. The e-mail leaves through
 * the outbox in the same transaction that stores the code.
 *
 * No answer tells whether an address has an account: a send the rules forbid is skipped without
 * a word (callers answer as they always do), and every failed verification is the same
 * `codeInvalid` (unknown address, no code, wrong, expired, used or out of attempts), because a
 * code exists, expires or runs out only for addresses that have an account.
 */
export function createCodesService(deps: CodesServiceDeps) {
  const hash = (email: string, purpose: CodePurpose, code: string) =>
    createHmac('sha256', deps.secret).update(`${purpose}:${email}:${code}`).digest('hex');

  /** Whether the resend rules let a new code go to the address now. */
  async function maySend(executor: Executor, email: string, purpose: CodePurpose) {
    const now = deps.clock().getTime();
    const last = await latestEmailCode(executor, email, purpose);
    if (last && last.createdAt.getTime() + LIMITS.otpResendSeconds * 1000 > now) return false;
    const sent = await countEmailCodesSince(executor, email, new Date(now - 3600_000));
    return sent < LIMITS.otpMaxSendsPerHour;
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
    // The code is stored only as its hash and, for the e-mail, sealed until sent (decision 21).
    const params: EmailParams<(typeof TEMPLATES)[typeof purpose]> = { name: to.name, code };
    const emailId = await createEmail(executor, {
      to: to.email,
      template: TEMPLATES[purpose],
      sealedContent: deps.secretBox.seal(JSON.stringify(params)),
    });
    await appendEvent(executor, { type: 'email.queued', payload: { emailId } });
    // A reset code also goes by SMS to the account's verified phone when its owner chose it
    // (decision 54): the same code, so the same expiry, attempts and resend limits. A verify code
    // proves the address, so it goes only there.
    if (purpose === 'reset') {
      const target = await findCodeSmsTarget(executor, to.email);
      if (target && chosenCodesBySms(target.preferences)) {
        const smsId = await insertSms(executor, {
          userId: target.userId,
          to: target.phone,
          sealedText: deps.secretBox.seal(REACH_TEXTS.smsResetCode(code)),
        });
        if (smsId) await appendEvent(executor, { type: 'sms.queued', payload: { smsId } });
      }
    }
  }

  return {
    issue,

    /** Sends a code when the resend rules allow it and quietly does nothing otherwise. */
    async sendIfAllowed(to: { email: string; name: string }, purpose: CodePurpose) {
      await deps.db.transaction(async (tx) => {
        if (await maySend(tx, to.email, purpose)) await issue(tx, to, purpose);
      });
    },

    /**
     * Checks the newest code and consumes it when right. A guess is compared only after it has
     * claimed one of the code's attempts in a single statement, so parallel guesses never get
     * more than five comparisons between them.
     */
    async verify(email: string, purpose: CodePurpose, code: string) {
      const latest = await latestEmailCode(deps.db, email, purpose);
      const now = deps.clock();
      if (!latest) throw authErrors.codeInvalid();
      if (!(await claimEmailCodeAttempt(deps.db, latest.id, LIMITS.otpMaxAttempts, now)))
        throw authErrors.codeInvalid();
      const expected = Buffer.from(latest.codeHash, 'hex');
      const given = Buffer.from(hash(email, purpose, code), 'hex');
      if (!timingSafeEqual(expected, given)) throw authErrors.codeInvalid();
      if (!(await consumeEmailCode(deps.db, latest.id, now))) throw authErrors.codeInvalid();
    },
  };
}

export type CodesService = ReturnType<typeof createCodesService>;
