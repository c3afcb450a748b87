import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, id, tz, updatedAt } from './columns';
import { trialRegistrations } from './trials';
import { users } from './users';

/**
 * One payment attempt of a registration (supplement §6). Only a verified webhook or verify call
 * moves it to `succeeded`; `refunded` once the provider refunded it.
 */
export const payments = pgTable(
  'payments',
  {
    id: id(),
    registrationId: uuid('registration_id')
      .notNull()
      .references(() => trialRegistrations.id, { onDelete: 'cascade' }),
    payerId: uuid('payer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider', { enum: ['sandbox', 'paystack'] }).notNull(),
    /** 'tlp_' + 24 hex digits: our reference, given to the provider. */
    reference: text('reference').notNull(),
    amountKobo: integer('amount_kobo').notNull(),
    currency: text('currency').notNull().default('NGN'),
    status: text('status', { enum: ['pending', 'succeeded', 'failed', 'refunded'] })
      .notNull()
      .default('pending'),
    authorizationUrl: text('authorization_url'),
    refundReference: text('refund_reference'),
    failureReason: text('failure_reason'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    paidAt: tz('paid_at'),
    refundedAt: tz('refunded_at'),
    /**
     * What the provider verified as charged (kobo), when money arrived: the fee, more (fees passed
     * to the customer), or a wrong amount that is refunded (`failure_reason` 'amount_mismatch').
     */
    paidAmountKobo: integer('paid_amount_kobo'),
    /**
     * Set (under the row's lock) by the one refund that may call the provider: a second refund of
     * the same payment, concurrent or retried, finds it claimed and asks the provider's view
     * instead of refunding again (decision 38).
     */
    refundClaimedAt: tz('refund_claimed_at'),
  },
  (t) => [
    uniqueIndex('payments_reference_key').on(t.reference),
    index('payments_registration_idx').on(t.registrationId, t.createdAt),
    index('payments_payer_idx').on(t.payerId, t.createdAt),
    index('payments_status_paid_idx').on(t.status, t.paidAt),
    check('payments_amount_positive', sql`${t.amountKobo} > 0`),
  ],
);

/**
 * Raw provider events (webhooks, verify answers), kept for audit. `dedupe_key` (the provider's
 * event id, or the sha256 of the raw body) is unique: a replayed webhook inserts nothing.
 */
export const paymentEvents = pgTable(
  'payment_events',
  {
    id: id(),
    paymentId: uuid('payment_id').references(() => payments.id, { onDelete: 'set null' }),
    provider: text('provider', { enum: ['sandbox', 'paystack'] }).notNull(),
    dedupeKey: text('dedupe_key').notNull(),
    kind: text('kind').notNull(),
    raw: jsonb('raw').notNull(),
    signatureValid: boolean('signature_valid').notNull(),
    receivedAt: tz('received_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payment_events_dedupe_key').on(t.dedupeKey),
    index('payment_events_payment_idx').on(t.paymentId, t.receivedAt),
  ],
);

/** The sandbox provider's "remote side": its charges and their outcome. */
export const sandboxCharges = pgTable('sandbox_charges', {
  reference: text('reference').primaryKey(),
  amountKobo: integer('amount_kobo').notNull(),
  currency: text('currency').notNull().default('NGN'),
  email: text('email').notNull(),
  outcome: text('outcome', { enum: ['pending', 'success', 'failed'] })
    .notNull()
    .default('pending'),
  refunded: boolean('refunded').notNull().default(false),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});
