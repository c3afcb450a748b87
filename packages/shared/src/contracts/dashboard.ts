import { z } from 'zod';
import { REGISTRATION_STATUSES } from './trials';

/**
 * The academy's dashboard (`GET /api/academy_dashboard`, academies only; issue 11 §5): trial
 * overview, registrations over time, upcoming trials, popular posts, takings and recent payments.
 * Money is integer kobo with its `currency` ('NGN'); days are Africa/Lagos dates (YYYY-MM-DD).
 */

export const DASHBOARD_LIMITS = {
  /** Days in `registrations_per_day`, ending today (Lagos). */
  registrationDays: 30,
  upcomingTrials: 5,
  popularPosts: 3,
  recentPayments: 10,
  /** Characters of a post's text in `popular_posts`. */
  postExcerptLength: 160,
} as const;

/** The academy's trials by the tabs of `/academy/list_trials` (active ones by date, Lagos). */
export const dashboardTrialCountsSchema = z.object({
  upcoming: z.number().int().min(0),
  today: z.number().int().min(0),
  completed: z.number().int().min(0),
  cancelled: z.number().int().min(0),
});
export type DashboardTrialCounts = z.infer<typeof dashboardTrialCountsSchema>;

/**
 * The statuses an academy counts: all but a minor's registration waiting for a guardian, which
 * the academy never sees (decision 42).
 */
export const ACADEMY_REGISTRATION_STATUSES = REGISTRATION_STATUSES.filter(
  (
    status,
  ): status is Exclude<
    (typeof REGISTRATION_STATUSES)[number],
    'awaiting_guardian' | 'waitlisted'
  > => status !== 'awaiting_guardian' && status !== 'waitlisted',
);

const statusCounts = Object.fromEntries(
  ACADEMY_REGISTRATION_STATUSES.map((status) => [status, z.number().int().min(0)]),
) as Record<(typeof ACADEMY_REGISTRATION_STATUSES)[number], z.ZodNumber>;

export const academyDashboardSchema = z.object({
  /** Counts per trial status (upcoming, today, completed, cancelled). */
  trial_counts: dashboardTrialCountsSchema,
  /** Registrations over all the academy's trials, by status. */
  registration_counts: z.object(statusCounts),
  /** One entry per Lagos day, oldest first, the last one today; days without any count 0. */
  registrations_per_day: z.array(z.object({ date: z.string(), count: z.number().int().min(0) })),
  /** The next active trials (trial date today or later), soonest first. */
  upcoming_trials: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      trial_date: z.string(),
      start_time: z.string(),
      venue: z.string(),
      state: z.string(),
      district: z.string(),
      registered_count: z.number().int().min(0),
      total_participant_limit: z.number().int().nullable(),
      registration_fee: z.number().int().min(0),
      currency: z.string(),
    }),
  ),
  /**
   * Added (§17, decisions 51, 58): the latest trials whose day has come, each with its attendance —
   * `checked_in` of `expected` (registrants holding a place or marked no-show), `no_shows` — and
   * 'N of M evaluated': `evaluated` attendees have scores, of `evaluable` (the attendees).
   */
  evaluation_progress: z
    .array(
      z.object({
        trial_id: z.string(),
        name: z.string(),
        trial_date: z.string(),
        evaluated: z.number().int().min(0),
        evaluable: z.number().int().min(0),
        checked_in: z.number().int().min(0).default(0),
        expected: z.number().int().min(0).default(0),
        no_shows: z.number().int().min(0).default(0),
      }),
    )
    .default([]),
  /** The academy's posts with the most likes plus comments (replies included). */
  popular_posts: z.array(
    z.object({
      id: z.string(),
      /** The text, cut to `DASHBOARD_LIMITS.postExcerptLength` characters. */
      excerpt: z.string(),
      likes_count: z.number().int().min(0),
      comments_count: z.number().int().min(0),
      created_at: z.string(),
    }),
  ),
  /**
   * Money taken over the academy's trials: `gross` every payment that succeeded (refunded ones
   * included), `refunded` the refunds, `net` = gross − refunded.
   */
  takings: z.object({
    gross: z.number().int().min(0),
    refunded: z.number().int().min(0),
    net: z.number().int(),
    currency: z.string(),
  }),
  /** The latest payment attempts of the academy's trials (any status), newest first. */
  recent_payments: z.array(
    z.object({
      reference: z.string(),
      amount: z.number().int().min(0),
      currency: z.string(),
      status: z.enum(['pending', 'succeeded', 'failed', 'refunded']),
      player_name: z.string(),
      reference_code: z.string(),
      trial: z.object({ id: z.string(), name: z.string() }),
      created_at: z.string(),
      paid_at: z.string().nullable(),
      refunded_at: z.string().nullable(),
    }),
  ),
});
export type AcademyDashboard = z.infer<typeof academyDashboardSchema>;
