import {
  integer,
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, id, tz, updatedAt } from './columns';
import { notifications } from './social';
import { users } from './users';

/**
 * Reaching people outside the app (supplement §16, decision 47): Web Push subscriptions (several
 * devices per user), the record of each push sent (one per notice and device), preferences,
 * verified phones, their codes and the SMS sent.
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The push service's address for this device; checked against PUSH_ENDPOINT_HOSTS. */
    endpoint: text('endpoint').notNull(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('push_subscriptions_endpoint_key').on(t.endpoint),
    index('push_subscriptions_user_idx').on(t.userId),
  ],
);

/** A push sent (or being sent) for a notice to a device: the job's idempotency record. */
export const pushDeliveries = pgTable(
  'push_deliveries',
  {
    notificationId: uuid('notification_id')
      .notNull()
      .references(() => notifications.id, { onDelete: 'cascade' }),
    subscriptionId: uuid('subscription_id')
      .notNull()
      .references(() => pushSubscriptions.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.notificationId, t.subscriptionId] }),
    index('push_deliveries_subscription_idx').on(t.subscriptionId),
    index('push_deliveries_created_idx').on(t.createdAt),
  ],
);

/** A user's choices per kind and channel; absent keys take the defaults (reach-texts.ts). */
export const notificationPreferences = pgTable('notification_preferences', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  preferences: jsonb('preferences').notNull(),
  updatedAt: updatedAt(),
});

/** The phone a user verified by SMS code (E.164); SMS go only here. */
export const userPhones = pgTable(
  'user_phones',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    phone: text('phone').notNull(),
    verifiedAt: tz('verified_at').notNull(),
  },
  (t) => [index('user_phones_phone_idx').on(t.phone)],
);

/** One-time SMS codes: the e-mail codes' rules (keyed hash, 10 minutes, 5 attempts). */
export const phoneCodes = pgTable(
  'phone_codes',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    phone: text('phone').notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: tz('expires_at').notNull(),
    consumedAt: tz('consumed_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('phone_codes_user_idx').on(t.userId, t.createdAt),
    index('phone_codes_phone_idx').on(t.phone, t.createdAt),
  ],
);

/**
 * Every SMS: stored first (its text sealed, it may hold a code), sent by the `sms.send` job.
 * `notification_id` makes a notice's SMS idempotent.
 */
export const smsMessages = pgTable(
  'sms_messages',
  {
    id: id(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    to: text('to_number').notNull(),
    sealedText: text('sealed_text').notNull(),
    notificationId: uuid('notification_id').references(() => notifications.id, {
      onDelete: 'cascade',
    }),
    status: text('status', { enum: ['queued', 'sent', 'failed'] })
      .notNull()
      .default('queued'),
    providerMessageId: text('provider_message_id'),
    createdAt: createdAt(),
    sentAt: tz('sent_at'),
  },
  (t) => [
    index('sms_messages_user_idx').on(t.userId, t.createdAt),
    index('sms_messages_to_idx').on(t.to, t.createdAt),
    uniqueIndex('sms_messages_notification_key').on(t.notificationId),
  ],
);
