import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, id, tz, updatedAt } from './columns';
import { mediaObjects } from './media';
import { users } from './users';

/**
 * Trials an academy runs (supplement §5). `registered_count` is the places taken: registrations
 * in `pending_payment`, `registered`, `selected`, `rejected` or `awaiting_guardian`, kept in the transaction that
 * changes one (under the trial's row lock), so capacity never needs a count. Dates are Lagos
 * calendar dates; money is integer kobo with its currency.
 */
export const trials = pgTable(
  'trials',
  {
    id: id(),
    academyId: uuid('academy_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    sport: text('sport', { enum: ['football', 'basketball', 'other'] }).notNull(),
    sportOther: text('sport_other'),
    state: text('state').notNull(),
    district: text('district').notNull(),
    venue: text('venue').notNull(),
    landmark: text('landmark').notNull().default(''),
    trialDate: date('trial_date', { mode: 'string' }).notNull(),
    /** 'HH:MM', Lagos time. */
    startTime: text('start_time').notNull(),
    deadline: date('deadline', { mode: 'string' }).notNull(),
    minAge: integer('min_age'),
    maxAge: integer('max_age'),
    participantLimit: integer('participant_limit'),
    feeKobo: integer('fee_kobo').notNull().default(0),
    currency: text('currency').notNull().default('NGN'),
    imageMediaId: uuid('image_media_id').references(() => mediaObjects.id, {
      onDelete: 'set null',
    }),
    description: text('description').notNull().default(''),
    status: text('status', { enum: ['active', 'cancelled'] })
      .notNull()
      .default('active'),
    cancelReason: text('cancel_reason'),
    cancelledAt: tz('cancelled_at'),
    registeredCount: integer('registered_count').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('trials_academy_date_idx').on(t.academyId, t.trialDate),
    index('trials_status_date_idx').on(t.status, t.trialDate),
    index('trials_image_idx').on(t.imageMediaId),
    // Typo-tolerant search (pg_trgm) on name, venue and district.
    index('trials_name_trgm_idx').using('gin', t.name.op('gin_trgm_ops')),
    index('trials_venue_trgm_idx').using('gin', t.venue.op('gin_trgm_ops')),
    index('trials_district_trgm_idx').using('gin', t.district.op('gin_trgm_ops')),
    check('trials_fee_non_negative', sql`${t.feeKobo} >= 0`),
    check('trials_count_non_negative', sql`${t.registeredCount} >= 0`),
    check(
      'trials_count_within_limit',
      sql`${t.participantLimit} is null or ${t.registeredCount} <= ${t.participantLimit}`,
    ),
    check('trials_deadline_before_date', sql`${t.deadline} <= ${t.trialDate}`),
    check(
      'trials_age_order',
      sql`${t.minAge} is null or ${t.maxAge} is null or ${t.minAge} <= ${t.maxAge}`,
    ),
  ],
);

/** Up to 5 questions of a trial, each a required answer on the registration form. */
export const trialRequirements = pgTable(
  'trial_requirements',
  {
    id: id(),
    trialId: uuid('trial_id')
      .notNull()
      .references(() => trials.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    text: text('text').notNull(),
  },
  (t) => [uniqueIndex('trial_requirements_trial_position_key').on(t.trialId, t.position)],
);

/**
 * A player's registration. One live registration (pending_payment, registered, selected,
 * rejected) per player and trial, by a partial unique index; a cancelled or expired one may
 * register again. `hold_expires_at` is set while payment is pending.
 */
export const trialRegistrations = pgTable(
  'trial_registrations',
  {
    id: id(),
    trialId: uuid('trial_id')
      .notNull()
      .references(() => trials.id, { onDelete: 'cascade' }),
    playerId: uuid('player_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    referenceCode: text('reference_code').notNull(),
    name: text('name').notNull(),
    dob: date('dob', { mode: 'string' }).notNull(),
    /** E.164. */
    phone: text('phone').notNull(),
    email: text('email').notNull(),
    state: text('state').notNull(),
    district: text('district').notNull(),
    level: text('level', { enum: ['none', 'local', 'district', 'state', 'national'] }).notNull(),
    status: text('status', {
      enum: [
        'pending_payment',
        'registered',
        'selected',
        'rejected',
        'cancelled',
        'trial_cancelled',
        'expired',
        'awaiting_guardian',
        'no_show',
        'waitlisted',
      ],
    }).notNull(),
    holdExpiresAt: tz('hold_expires_at'),
    /**
     * The academy may see it (registrants, CSV, dashboard, counters, notices, live events): false
     * while a consented minor's registration waits for a guardian, true once approved and
     * registered (decision 42); a declined or expired one stays hidden.
     */
    academyVisible: boolean('academy_visible').notNull().default(true),
    /**
     * The place in its trial's line of a registration that joined the waitlist (1, 2, … per
     * trial, drawn under the trial's row lock, so line order is the order of joining; decision
     * 49); null for one that never waited.
     */
    waitlistSeq: integer('waitlist_seq'),
    remindedAt: tz('reminded_at'),
    /** Trial-day attendance (supplement §17, decision 50): when and by whom it was checked in. */
    checkedInAt: tz('checked_in_at'),
    checkedInBy: uuid('checked_in_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('trial_registrations_reference_code_key').on(t.referenceCode),
    uniqueIndex('trial_registrations_live_key')
      .on(t.trialId, t.playerId)
      .where(
        sql`${t.status} in ('pending_payment', 'registered', 'selected', 'rejected', 'awaiting_guardian', 'waitlisted', 'no_show')`,
      ),
    index('trial_registrations_trial_created_idx').on(t.trialId, t.createdAt),
    index('trial_registrations_player_created_idx').on(t.playerId, t.createdAt),
    index('trial_registrations_hold_idx')
      .on(t.holdExpiresAt)
      .where(sql`${t.status} in ('pending_payment', 'awaiting_guardian')`),
    /** The waitlist in line order (supplement §17, decision 49). */
    index('trial_registrations_waitlist_idx')
      .on(t.trialId, t.waitlistSeq)
      .where(sql`${t.status} = 'waitlisted'`),
  ],
);

/** One answer per requirement of the trial. */
export const trialRegistrationAnswers = pgTable(
  'trial_registration_answers',
  {
    registrationId: uuid('registration_id')
      .notNull()
      .references(() => trialRegistrations.id, { onDelete: 'cascade' }),
    requirementId: uuid('requirement_id')
      .notNull()
      .references(() => trialRequirements.id, { onDelete: 'cascade' }),
    answer: text('answer').notNull(),
  },
  (t) => [primaryKey({ columns: [t.registrationId, t.requirementId] })],
);
