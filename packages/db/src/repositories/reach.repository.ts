import { and, desc, eq, gt, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Executor } from '../client';
import { OUTBOX_CHANNEL } from '../outbox-wakeups';
import {
  devMailbox,
  notificationPreferences,
  notifications,
  phoneCodes,
  pushDeliveries,
  pushSubscriptions,
  smsMessages,
  userPhones,
  users,
} from '../schema';

/* ------------------------------------------------------------ subscriptions */

export type PushSubscriptionRow = typeof pushSubscriptions.$inferSelect;

/**
 * Stores a device's subscription for the user. An endpoint is one device: subscribing it again
 * (new keys, or another user signed in on that browser) moves it to the caller.
 */
export async function upsertPushSubscription(
  executor: Executor,
  input: { userId: string; endpoint: string; p256dh: string; auth: string },
) {
  await executor
    .insert(pushSubscriptions)
    .values(input)
    .onConflictDoUpdate({
      target: pushSubscriptions.endpoint,
      set: { userId: input.userId, p256dh: input.p256dh, auth: input.auth },
    });
}

/** Removes the caller's own subscription of that endpoint (false when it was not theirs). */
export async function deletePushSubscription(executor: Executor, userId: string, endpoint: string) {
  const rows = await executor
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)))
    .returning({ id: pushSubscriptions.id });
  return rows.length > 0;
}

/** The push service answered 404/410: the subscription is gone. */
export async function deletePushSubscriptionById(executor: Executor, id: string) {
  await executor.delete(pushSubscriptions).where(eq(pushSubscriptions.id, id));
}

export function listPushSubscriptions(executor: Executor, userId: string) {
  return executor
    .select()
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId))
    .orderBy(pushSubscriptions.createdAt);
}

/**
 * Records that the notice is being pushed to the device; false when it already was (the job ran
 * before), so a rerun never pushes twice. A failed send calls `forgetPushDelivery` to retry.
 */
export async function claimPushDelivery(
  executor: Executor,
  notificationId: string,
  subscriptionId: string,
) {
  const rows = await executor
    .insert(pushDeliveries)
    .values({ notificationId, subscriptionId })
    .onConflictDoNothing()
    .returning({ id: pushDeliveries.subscriptionId });
  return rows.length > 0;
}

export async function forgetPushDelivery(
  executor: Executor,
  notificationId: string,
  subscriptionId: string,
) {
  await executor
    .delete(pushDeliveries)
    .where(
      and(
        eq(pushDeliveries.notificationId, notificationId),
        eq(pushDeliveries.subscriptionId, subscriptionId),
      ),
    );
}

/* ------------------------------------------------------ the delivery's edge */

/**
 * Announces stored notices whose recipients can be reached outside the app (a push subscription
 * or a verified phone): one `notification.stored` outbox row each, in one statement with the
 * relay's wake-up, in the caller's transaction. Recipients with neither cost no row.
 */
export async function announceOutsideDelivery(
  executor: Executor,
  notificationIds: readonly string[],
) {
  if (notificationIds.length === 0) return;
  const ids = sql.join(
    notificationIds.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  await executor.execute(sql`
    with inserted as (
      insert into outbox (type, payload)
      select 'notification.stored', jsonb_build_object('notificationId', n.id)
        from ${notifications} n
       where n.id in (${ids})
         and (exists (select 1 from ${pushSubscriptions} s where s.user_id = n.user_id)
              or exists (select 1 from ${userPhones} p where p.user_id = n.user_id))
      returning id
    )
    select pg_notify(${OUTBOX_CHANNEL}, '') from inserted limit 1`);
}

/** What the push job needs about a notice and its recipient, in one read. */
export async function findNoticeForOutside(executor: Executor, notificationId: string) {
  const [row] = await executor
    .select({
      id: notifications.id,
      userId: notifications.userId,
      kind: notifications.kind,
      text: notifications.text,
      link: notifications.link,
      readAt: notifications.readAt,
      role: users.role,
      dob: users.dob,
      reachable: users.reachable,
      preferences: notificationPreferences.preferences,
      phone: userPhones.phone,
    })
    .from(notifications)
    .innerJoin(users, eq(users.id, notifications.userId))
    .leftJoin(notificationPreferences, eq(notificationPreferences.userId, notifications.userId))
    .leftJoin(userPhones, eq(userPhones.userId, notifications.userId))
    .where(eq(notifications.id, notificationId));
  return row ?? null;
}

/* -------------------------------------------------------------- preferences */

export async function findPreferenceFacts(executor: Executor, userId: string) {
  const [row] = await executor
    .select({
      role: users.role,
      dob: users.dob,
      preferences: notificationPreferences.preferences,
      phone: userPhones.phone,
    })
    .from(users)
    .leftJoin(notificationPreferences, eq(notificationPreferences.userId, users.id))
    .leftJoin(userPhones, eq(userPhones.userId, users.id))
    .where(eq(users.id, userId));
  return row ?? null;
}

/**
 * Where an account's password reset code may also go by SMS: its verified phone and its stored
 * choices (null without a verified phone).
 */
export async function findCodeSmsTarget(executor: Executor, email: string) {
  const [row] = await executor
    .select({
      userId: users.id,
      phone: userPhones.phone,
      preferences: notificationPreferences.preferences,
    })
    .from(users)
    .innerJoin(userPhones, eq(userPhones.userId, users.id))
    .leftJoin(notificationPreferences, eq(notificationPreferences.userId, users.id))
    .where(eq(users.email, email.toLowerCase()));
  return row ?? null;
}

/** The stored choices of these users (absent: they kept the defaults). */
export async function findStoredPreferences(
  executor: Executor,
  userIds: readonly string[],
): Promise<Map<string, unknown>> {
  if (userIds.length === 0) return new Map();
  const rows = await executor
    .select({
      userId: notificationPreferences.userId,
      preferences: notificationPreferences.preferences,
    })
    .from(notificationPreferences)
    .where(inArray(notificationPreferences.userId, [...new Set(userIds)]));
  return new Map(rows.map((row) => [row.userId, row.preferences]));
}

export async function savePreferences(executor: Executor, userId: string, preferences: unknown) {
  await executor
    .insert(notificationPreferences)
    .values({ userId, preferences })
    .onConflictDoUpdate({
      target: notificationPreferences.userId,
      set: { preferences, updatedAt: new Date() },
    });
}

/* ------------------------------------------------------------- phone codes */

export type PhoneCodeRow = typeof phoneCodes.$inferSelect;

export async function insertPhoneCode(
  executor: Executor,
  input: { userId: string; phone: string; codeHash: string; expiresAt: Date; createdAt: Date },
) {
  await executor.insert(phoneCodes).values(input);
}

export async function latestPhoneCode(executor: Executor, userId: string, phone: string) {
  const [row] = await executor
    .select()
    .from(phoneCodes)
    .where(and(eq(phoneCodes.userId, userId), eq(phoneCodes.phone, phone)))
    .orderBy(desc(phoneCodes.createdAt))
    .limit(1);
  return row ?? null;
}

/** Codes sent since `since` to the user or to the number (the hourly send limit counts both). */
export async function countPhoneCodesSince(
  executor: Executor,
  userId: string,
  phone: string,
  since: Date,
) {
  const [row] = await executor
    .select({ n: sql<number>`count(*)::int` })
    .from(phoneCodes)
    .where(
      and(
        sql`(${phoneCodes.userId} = ${userId} or ${phoneCodes.phone} = ${phone})`,
        gt(phoneCodes.createdAt, since),
      ),
    );
  return row?.n ?? 0;
}

/** As `claimEmailCodeAttempt`: one of the code's attempts, atomically. */
export async function claimPhoneCodeAttempt(
  executor: Executor,
  id: string,
  max: number,
  now: Date,
) {
  const rows = await executor
    .update(phoneCodes)
    .set({ attempts: sql`${phoneCodes.attempts} + 1` })
    .where(
      and(
        eq(phoneCodes.id, id),
        lt(phoneCodes.attempts, max),
        isNull(phoneCodes.consumedAt),
        gt(phoneCodes.expiresAt, now),
      ),
    )
    .returning({ id: phoneCodes.id });
  return rows.length > 0;
}

export async function consumePhoneCode(executor: Executor, id: string, now: Date) {
  const rows = await executor
    .update(phoneCodes)
    .set({ consumedAt: now })
    .where(and(eq(phoneCodes.id, id), isNull(phoneCodes.consumedAt)))
    .returning({ id: phoneCodes.id });
  return rows.length > 0;
}

export async function saveVerifiedPhone(
  executor: Executor,
  userId: string,
  phone: string,
  now: Date,
) {
  await executor
    .insert(userPhones)
    .values({ userId, phone, verifiedAt: now })
    .onConflictDoUpdate({ target: userPhones.userId, set: { phone, verifiedAt: now } });
}

/* --------------------------------------------------------------------- SMS */

export type SmsRow = typeof smsMessages.$inferSelect;

/** Stores an SMS (text sealed); null when the notice already has its SMS (idempotent). */
export async function insertSms(
  executor: Executor,
  input: { userId: string | null; to: string; sealedText: string; notificationId?: string },
) {
  const [row] = await executor
    .insert(smsMessages)
    .values(input)
    .onConflictDoNothing()
    .returning({ id: smsMessages.id });
  return row?.id ?? null;
}

export async function findSms(executor: Executor, id: string) {
  const [row] = await executor.select().from(smsMessages).where(eq(smsMessages.id, id));
  return row ?? null;
}

export async function markSmsSent(
  executor: Executor,
  id: string,
  providerMessageId: string,
  now: Date,
) {
  await executor
    .update(smsMessages)
    .set({ status: 'sent', providerMessageId, sentAt: now })
    .where(eq(smsMessages.id, id));
}

/** Implements the devbox SMS provider's store: an SMS lands in the development mailbox once. */
export function createDevSmsStore(db: Executor) {
  return {
    async deliver(message: { smsId: string; to: string; text: string }) {
      const [inserted] = await db
        .insert(devMailbox)
        .values({
          smsId: message.smsId,
          to: message.to,
          subject: `SMS: ${message.text}`,
          text: message.text,
          html: '',
        })
        .onConflictDoNothing()
        .returning({ id: devMailbox.id });
      if (inserted) return inserted;
      const [existing] = await db
        .select({ id: devMailbox.id })
        .from(devMailbox)
        .where(eq(devMailbox.smsId, message.smsId));
      if (!existing) throw new Error(`dev mailbox: no row for SMS ${message.smsId}`);
      return existing;
    },
  };
}

/**
 * Retention (maintenance.prune): phone codes after their day, push records and SMS (their sealed
 * text included) after `deleteBefore`.
 */
export async function pruneReach(
  executor: Executor,
  options: { codesBefore: Date; deleteBefore: Date },
) {
  await executor.delete(phoneCodes).where(lt(phoneCodes.createdAt, options.codesBefore));
  await executor.delete(pushDeliveries).where(lt(pushDeliveries.createdAt, options.deleteBefore));
  await executor.delete(smsMessages).where(lt(smsMessages.createdAt, options.deleteBefore));
}
