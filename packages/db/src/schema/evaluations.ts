import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, numeric, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, tz, updatedAt } from './columns';
import { trialRegistrations, trials } from './trials';

/** One score of an evaluation: a criterion the academy chose and 1–5. */
export type EvaluationScore = { criterion: string; score: number };

/**
 * The academy's evaluation of one registrant at its trial (supplement §17, decision 51): scores
 * 1–5 on up to six criteria it chooses (kept on the evaluation itself, in the order given), notes,
 * and the measurements taken on the day. `shared_at` is set when shared with the player; only a
 * shared evaluation is ever shown to the player (or their guardians). One row per registration.
 */
export const trialEvaluations = pgTable(
  'trial_evaluations',
  {
    registrationId: uuid('registration_id')
      .primaryKey()
      .references(() => trialRegistrations.id, { onDelete: 'cascade' }),
    trialId: uuid('trial_id')
      .notNull()
      .references(() => trials.id, { onDelete: 'cascade' }),
    scores: jsonb('scores').$type<EvaluationScore[]>().notNull().default([]),
    notes: text('notes').notNull().default(''),
    heightCm: integer('height_cm'),
    weightKg: numeric('weight_kg', { precision: 4, scale: 1, mode: 'number' }),
    sprint30mSeconds: numeric('sprint_30m_seconds', { precision: 4, scale: 2, mode: 'number' }),
    standingReachCm: integer('standing_reach_cm'),
    sharedAt: tz('shared_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('trial_evaluations_trial_idx').on(t.trialId),
    check(
      'trial_evaluations_height',
      sql`${t.heightCm} is null or ${t.heightCm} between 80 and 250`,
    ),
    check(
      'trial_evaluations_weight',
      sql`${t.weightKg} is null or ${t.weightKg} between 15 and 200`,
    ),
    check(
      'trial_evaluations_sprint',
      sql`${t.sprint30mSeconds} is null or ${t.sprint30mSeconds} between 3 and 15`,
    ),
    check(
      'trial_evaluations_reach',
      sql`${t.standingReachCm} is null or ${t.standingReachCm} between 100 and 320`,
    ),
  ],
);
