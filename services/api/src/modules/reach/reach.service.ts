import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import type { Database } from '@touchline/db';
import { appendEvent } from '@touchline/db/outbox';
import {
  claimPhoneCodeAttempt,
  consumePhoneCode,
  countPhoneCodesSince,
  deletePushSubscription,
  findPreferenceFacts,
  insertPhoneCode,
  insertSms,
  latestPhoneCode,
  savePreferences,
  saveVerifiedPhone,
  upsertPushSubscription,
} from '@touchline/db/reach';
import type { SecretBox, WebPushSender } from '@touchline/drivers';
import {
  LIMITS,
  REACH_TEXTS,
  type NotificationPreferences,
  type PushSubscribeInput,
} from '@touchline/shared';
import { commonErrors } from '../../lib/app-error';
import { reachErrors } from './reach.errors';
import { decideStoredPreferences, describePreferences } from './reach.rules';

export type ReachServiceDeps = {
  db: Database;
  clock: () => Date;
  push: Pick<WebPushSender, 'isAllowedEndpoint' | 'publicKey'>;
  secretBox: Pick<SecretBox, 'seal'>;
  /** Keys the phone codes' hashes (the same secret family as the e-mail codes'). */
  secret: string;
};

/**
 * Push subscriptions, notification preferences and phone verification (supplement §16). Every
 * function acts on the caller's own account.
 */
export function createReachService(deps: ReachServiceDeps) {
  const hash = (userId: string, phone: string, code: string) =>
    createHmac('sha256', deps.secret).update(`phone:${userId}:${phone}:${code}`).digest('hex');

  async function facts(userId: string) {
    const found = await findPreferenceFacts(deps.db, userId);
    if (!found) throw commonErrors.notFound();
    return found;
  }

  return {
    publicKey: () => ({ public_key: deps.push.publicKey }),

    /** Stores the device; an endpoint off PUSH_ENDPOINT_HOSTS is refused before it is stored. */
    async subscribe(userId: string, input: PushSubscribeInput) {
      if (!deps.push.isAllowedEndpoint(input.endpoint)) throw reachErrors.endpointNotAllowed();
      await upsertPushSubscription(deps.db, {
        userId,
        endpoint: input.endpoint,
        p256dh: input.keys.p256dh,
        auth: input.keys.auth,
      });
    },

    async unsubscribe(userId: string, endpoint: string) {
      if (!(await deletePushSubscription(deps.db, userId, endpoint)))
        throw reachErrors.subscriptionNotFound();
    },

    async preferences(userId: string) {
      return describePreferences(await facts(userId), deps.clock());
    },

    async savePreferences(
      userId: string,
      input: {
        preferences: NotificationPreferences;
        quiet_hours?: boolean | undefined;
        codes_by_sms?: boolean | undefined;
      },
    ) {
      const current = await facts(userId);
      const stored = decideStoredPreferences(current, input);
      await savePreferences(deps.db, userId, stored);
      return describePreferences({ ...current, preferences: stored }, deps.clock());
    },

    /**
     * Sends a 6-digit code by SMS with the e-mail code's rules (10 minutes, 5 attempts, a resend
     * after 60 s, at most 5 an hour per account or number); a send the rules forbid is skipped
     * without a word, as for e-mail.
     */
    async startPhoneVerification(userId: string, phone: string) {
      const now = deps.clock();
      await deps.db.transaction(async (tx) => {
        const last = await latestPhoneCode(tx, userId, phone);
        if (last && last.createdAt.getTime() + LIMITS.otpResendSeconds * 1000 > now.getTime())
          return;
        const sent = await countPhoneCodesSince(
          tx,
          userId,
          phone,
          new Date(now.getTime() - 3600_000),
        );
        if (sent >= LIMITS.otpMaxSendsPerHour) return;
        const code = String(randomInt(0, 10 ** LIMITS.otpLength)).padStart(LIMITS.otpLength, '0');
        await insertPhoneCode(tx, {
          userId,
          phone,
          codeHash: hash(userId, phone, code),
          expiresAt: new Date(now.getTime() + LIMITS.otpTtlSeconds * 1000),
          createdAt: now,
        });
        // The code is kept only as its hash and, for the SMS, sealed until sent (decision 21).
        const smsId = await insertSms(tx, {
          userId,
          to: phone,
          sealedText: deps.secretBox.seal(REACH_TEXTS.smsCode(code)),
        });
        if (smsId) await appendEvent(tx, { type: 'sms.queued', payload: { smsId } });
      });
    },

    /** Checks the newest code for the number (one attempt claimed first) and keeps the phone. */
    async confirmPhone(userId: string, phone: string, code: string) {
      const latest = await latestPhoneCode(deps.db, userId, phone);
      const now = deps.clock();
      if (!latest) throw reachErrors.codeInvalid();
      if (!(await claimPhoneCodeAttempt(deps.db, latest.id, LIMITS.otpMaxAttempts, now)))
        throw reachErrors.codeInvalid();
      const expected = Buffer.from(latest.codeHash, 'hex');
      const given = Buffer.from(hash(userId, phone, code), 'hex');
      if (!timingSafeEqual(expected, given)) throw reachErrors.codeInvalid();
      await deps.db.transaction(async (tx) => {
        if (!(await consumePhoneCode(tx, latest.id, now))) throw reachErrors.codeInvalid();
        await saveVerifiedPhone(tx, userId, phone, now);
      });
      return { phone };
    },
  };
}

export type ReachService = ReturnType<typeof createReachService>;
