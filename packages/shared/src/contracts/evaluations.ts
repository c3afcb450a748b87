import { z } from 'zod';

/**
 * Trial-day evaluations and measurements (supplement §17, decision 51):
 * `PUT /api/player_trial/{id}/evaluation {scores: [{criterion, score}], notes, share_with_player,
 * measurements}` by the trial's academy; `GET` the same path for the academy. A shared evaluation
 * is the player's feedback report (`feedback` on `GET /api/trial_history`). `measurements` is
 * added to §17's body (measured height, weight, 30 m sprint, standing reach).
 */
export const EVALUATION_LIMITS = {
  criteriaMax: 6,
  criterionMaxLength: 40,
  scoreMin: 1,
  scoreMax: 5,
  notesMaxLength: 2000,
  heightCm: { min: 80, max: 250 },
  weightKg: { min: 15, max: 200 },
  sprint30mSeconds: { min: 3, max: 15 },
  standingReachCm: { min: 100, max: 320 },
} as const;

/** The criteria an academy's form starts with (it may rename, remove or add up to six). */
export const DEFAULT_EVALUATION_CRITERIA = ['Pace', 'First touch', 'Decision making'] as const;

export const EVALUATION_MESSAGES = {
  // Errors (one per EVALUATIONS_ERRORS code).
  notEligible:
    'Only registrants checked in at the trial can be evaluated, from the day of the trial',
  // Validation.
  scoreRange: 'Each score must be a whole number from 1 to 5',
  criterionRequired: 'Name each criterion',
  criterionTooLong: `A criterion is at most ${EVALUATION_LIMITS.criterionMaxLength} characters`,
  tooManyCriteria: `Score at most ${EVALUATION_LIMITS.criteriaMax} criteria`,
  duplicateCriterion: 'Each criterion can be scored only once',
  notesTooLong: `Notes are at most ${EVALUATION_LIMITS.notesMaxLength} characters`,
  heightRange: `Height must be between ${EVALUATION_LIMITS.heightCm.min} and ${EVALUATION_LIMITS.heightCm.max} cm`,
  weightRange: `Weight must be between ${EVALUATION_LIMITS.weightKg.min} and ${EVALUATION_LIMITS.weightKg.max} kg`,
  sprintRange: `The 30 m sprint must be between ${EVALUATION_LIMITS.sprint30mSeconds.min} and ${EVALUATION_LIMITS.sprint30mSeconds.max} seconds`,
  reachRange: `Standing reach must be between ${EVALUATION_LIMITS.standingReachCm.min} and ${EVALUATION_LIMITS.standingReachCm.max} cm`,
  shareNeedsScores: 'Score at least one criterion before sharing',
  // Successes.
  saved: 'Evaluation saved',
  shared: 'Evaluation saved and shared with the player',
} as const;

const ranged = (range: { min: number; max: number }, message: string, step: number) =>
  z
    .number({ error: message })
    .min(range.min, { error: message })
    .max(range.max, { error: message })
    .refine((n) => Math.abs(Math.round(n / step) * step - n) < 1e-9, { error: message })
    .nullable()
    .default(null);

export const measurementsSchema = z.object({
  height_cm: ranged(EVALUATION_LIMITS.heightCm, EVALUATION_MESSAGES.heightRange, 1),
  weight_kg: ranged(EVALUATION_LIMITS.weightKg, EVALUATION_MESSAGES.weightRange, 0.1),
  sprint_30m_seconds: ranged(
    EVALUATION_LIMITS.sprint30mSeconds,
    EVALUATION_MESSAGES.sprintRange,
    0.01,
  ),
  standing_reach_cm: ranged(EVALUATION_LIMITS.standingReachCm, EVALUATION_MESSAGES.reachRange, 1),
});
export type Measurements = z.infer<typeof measurementsSchema>;

export const evaluationScoreSchema = z.object({
  criterion: z
    .string({ error: EVALUATION_MESSAGES.criterionRequired })
    .trim()
    .min(1, { error: EVALUATION_MESSAGES.criterionRequired })
    .max(EVALUATION_LIMITS.criterionMaxLength, { error: EVALUATION_MESSAGES.criterionTooLong }),
  score: z
    .number({ error: EVALUATION_MESSAGES.scoreRange })
    .int({ error: EVALUATION_MESSAGES.scoreRange })
    .min(EVALUATION_LIMITS.scoreMin, { error: EVALUATION_MESSAGES.scoreRange })
    .max(EVALUATION_LIMITS.scoreMax, { error: EVALUATION_MESSAGES.scoreRange }),
});
export type EvaluationScoreInput = z.infer<typeof evaluationScoreSchema>;

/** `PUT /api/player_trial/{id}/evaluation`. */
export const evaluationBodySchema = z
  .object({
    scores: z
      .array(evaluationScoreSchema)
      .max(EVALUATION_LIMITS.criteriaMax, { error: EVALUATION_MESSAGES.tooManyCriteria })
      .default([])
      .refine(
        (scores) => new Set(scores.map((s) => s.criterion.toLowerCase())).size === scores.length,
        { error: EVALUATION_MESSAGES.duplicateCriterion },
      ),
    notes: z
      .string()
      .trim()
      .max(EVALUATION_LIMITS.notesMaxLength, { error: EVALUATION_MESSAGES.notesTooLong })
      .default(''),
    share_with_player: z.boolean().default(false),
    measurements: measurementsSchema.default({
      height_cm: null,
      weight_kg: null,
      sprint_30m_seconds: null,
      standing_reach_cm: null,
    }),
  })
  .refine((body) => !body.share_with_player || body.scores.length > 0, {
    error: EVALUATION_MESSAGES.shareNeedsScores,
    path: ['share_with_player'],
  });
export type EvaluationBody = z.infer<typeof evaluationBodySchema>;

/** The player's feedback report (a shared evaluation; never an unshared one's notes). */
export const feedbackSchema = z.object({
  scores: z.array(evaluationScoreSchema),
  notes: z.string(),
  measurements: measurementsSchema,
  shared_at: z.string(),
});
export type Feedback = z.infer<typeof feedbackSchema>;

/** The academy's view of one registrant's evaluation. */
export const evaluationSchema = z.object({
  registration_id: z.string(),
  name: z.string(),
  reference_code: z.string(),
  trial: z.object({ id: z.string(), name: z.string(), trial_date: z.string() }),
  /** The criteria this trial's form proposes: those already used on it, or the defaults. */
  criteria: z.array(z.string()),
  /** False until the trial's day, or for a registration not holding a place. */
  may_evaluate: z.boolean(),
  scores: z.array(evaluationScoreSchema),
  notes: z.string(),
  measurements: measurementsSchema,
  shared: z.boolean(),
  shared_at: z.string().nullable(),
  updated_at: z.string().nullable(),
});
export type Evaluation = z.infer<typeof evaluationSchema>;

/** A measured value on a profile: 'Measured at <trial>, <date>'. */
export const measuredValueSchema = z.object({
  value: z.number(),
  trial: z.string(),
  date: z.string(),
});
/** `measured` on a player's profile: the latest shared measurement of each kind. */
export const measuredProfileSchema = z.object({
  height_cm: measuredValueSchema.nullable(),
  weight_kg: measuredValueSchema.nullable(),
  sprint_30m_seconds: measuredValueSchema.nullable(),
  standing_reach_cm: measuredValueSchema.nullable(),
});
export type MeasuredProfile = z.infer<typeof measuredProfileSchema>;

/** Stored measurements (as repositories read them) in the contract's names. */
export type StoredMeasurements = {
  heightCm: number | null;
  weightKg: number | null;
  sprint30mSeconds: number | null;
  standingReachCm: number | null;
};
export function measurementsOf(row: StoredMeasurements | null): Measurements {
  return {
    height_cm: row?.heightCm ?? null,
    weight_kg: row?.weightKg ?? null,
    sprint_30m_seconds: row?.sprint30mSeconds ?? null,
    standing_reach_cm: row?.standingReachCm ?? null,
  };
}

/** A shared evaluation as the feedback report (player, guardians); null when none is shared. */
export function feedbackOf(
  row:
    | (StoredMeasurements & {
        scores: EvaluationScoreInput[];
        notes: string;
        sharedAt: Date | null;
      })
    | undefined,
): Feedback | null {
  if (!row?.sharedAt) return null;
  return {
    scores: row.scores,
    notes: row.notes,
    measurements: measurementsOf(row),
    shared_at: row.sharedAt.toISOString(),
  };
}
