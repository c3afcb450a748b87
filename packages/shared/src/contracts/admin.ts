import { z } from 'zod';
import { AGE_BANDS, isIsoDate } from '../dates';
import { beforeCursorSchema, eitherPageFields, pageNumberSchema } from '../paging';

/** Administration texts of our own (the specification does not show the admin screens). */
export const ADMIN_MESSAGES = {
  blockSelf: 'You cannot block yourself',
  blockAdmin: 'An administrator cannot be blocked',
  academyNotFound: 'Academy not found',
  alreadyVerified: 'This academy is already verified',
  alreadyDeclined: 'This academy is already declined',
  declineReasonRequired: 'A reason is required',
  noLicence: 'This academy has no licence on file',
  badDate: 'Use a date as YYYY-MM-DD',
  dateOrder: 'The start date must be on or before the end date',
  academyVerified: 'Academy verified',
  academyDeclined: 'Academy declined',
  cancelReasonRequired: 'A reason is required',
  trialCancelled: 'Trial cancelled: its registrants are told and paid registrations refunded',
  accountBlocked: 'Account blocked',
  accountUnblocked: 'Account unblocked',
} as const;

/**
 * Sizes of the administrators' reads (supplement §10, §12). Days are Africa/Lagos dates; money
 * is integer kobo ('NGN').
 */
export const ADMIN_LIMITS = {
  /** Rows per page of every admin list (academies, players, trials, audit). */
  pageSize: 20,
  /** Latest trials, players and academies on the dashboard. */
  latest: 5,
  /** Days of `per_day` in `GET /api/admin/stats`, ending today (8 weeks). */
  statsDays: 56,
  /** "This week" of the dashboard: the last 7 Lagos days, today included. */
  weekDays: 7,
  /** Lifetime of the licence link (`GET /api/admin/academies/{id}/licence`). */
  licenceLinkSeconds: 300,
  /** `GET /api/admin/accounts` without `from`: this many days ending `to`. */
  accountsDefaultDays: 30,
  searchMaxLength: 100,
  reasonMaxLength: 500,
} as const;

/* ----------------------------------------------------------------- inputs */

/** '' from a form or query means "no filter". */
const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);
const search = z.preprocess(
  blankToUndefined,
  z.string().trim().max(ADMIN_LIMITS.searchMaxLength).optional(),
);
/**
 * Every admin list pages both ways (paging.ts): `?page=N`, a 1-based page number, or `?before=`,
 * the previous answer's `next` (a keyset cursor, `<created_at>~<id>`: exact while rows arrive,
 * what the screens use). `before` wins when both are sent.
 */
const paging = { page: pageNumberSchema(), before: beforeCursorSchema };
const isoDate = z
  .string()
  .max(10, ADMIN_MESSAGES.badDate)
  .refine(isIsoDate, ADMIN_MESSAGES.badDate);

/** The academies filter: `pending` (unverified), `verified`, `declined`, `blocked` (inactive). */
export const ADMIN_ACADEMY_FILTERS = ['pending', 'verified', 'declined', 'blocked'] as const;
export type AdminAcademyFilter = (typeof ADMIN_ACADEMY_FILTERS)[number];

/** `GET /api/admin/academies?search=&status=&page=|before=`. */
export const adminAcademiesQuerySchema = z.object({
  search,
  status: z.preprocess(blankToUndefined, z.enum(ADMIN_ACADEMY_FILTERS).optional()),
  ...paging,
});
export type AdminAcademiesQuery = z.infer<typeof adminAcademiesQuerySchema>;

/** `GET /api/admin/players?search=&page=|before=`. */
export const adminPlayersQuerySchema = z.object({ search, ...paging });
export type AdminPlayersQuery = z.infer<typeof adminPlayersQuerySchema>;

/** `GET /api/admin/trials?search=&status=active|cancelled&page=|before=`. */
export const adminTrialsQuerySchema = z.object({
  search,
  status: z.preprocess(blankToUndefined, z.enum(['active', 'cancelled']).optional()),
  ...paging,
});
export type AdminTrialsQuery = z.infer<typeof adminTrialsQuerySchema>;

/** `GET /api/admin/audit?search=&page=|before=`. */
export const adminAuditQuerySchema = z.object({ search, ...paging });
export type AdminAuditQuery = z.infer<typeof adminAuditQuerySchema>;

/** `POST /api/admin/academies/{id}/decline {reason}`. */
export const adminDeclineBodySchema = z.object({
  reason: z
    .string({ error: ADMIN_MESSAGES.declineReasonRequired })
    .trim()
    .min(1, ADMIN_MESSAGES.declineReasonRequired)
    .max(ADMIN_LIMITS.reasonMaxLength),
});

/**
 * `DELETE /api/admin/trials/{id}?reason=`: the reason the registrants are told (in-app and by
 * e-mail) and the audit log keeps.
 */
export const adminTrialCancelQuerySchema = z.object({
  reason: z
    .string({ error: ADMIN_MESSAGES.cancelReasonRequired })
    .trim()
    .min(1, ADMIN_MESSAGES.cancelReasonRequired)
    .max(ADMIN_LIMITS.reasonMaxLength),
});
export type AdminTrialCancelQuery = z.infer<typeof adminTrialCancelQuerySchema>;

/**
 * `GET /api/admin/accounts?from=&to=&format=json|csv`: Lagos dates, both inclusive; `to`
 * defaults to today, `from` to `ADMIN_LIMITS.accountsDefaultDays` days ending `to`.
 */
export const adminAccountsQuerySchema = z
  .object({
    from: z.preprocess(blankToUndefined, isoDate.optional()),
    to: z.preprocess(blankToUndefined, isoDate.optional()),
    format: z.preprocess(blankToUndefined, z.enum(['json', 'csv']).default('json')),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, {
    message: ADMIN_MESSAGES.dateOrder,
    path: ['from'],
  });
export type AdminAccountsQuery = z.infer<typeof adminAccountsQuerySchema>;

/* ---------------------------------------------------------------- answers */

const counts = z.object({
  players: z.number().int().min(0),
  academies: z.number().int().min(0),
  trials: z.number().int().min(0),
  posts: z.number().int().min(0),
  /** Registrations made (holds that ran out unpaid, `expired`, are not counted). */
  registrations: z.number().int().min(0),
  /** Kobo: confirmed payments, by the day they were confirmed (refunded ones included). */
  takings: z.number().int().min(0),
  /** Kobo: payments refunded, by the day of the refund. */
  refunds: z.number().int().min(0),
  /** Kobo: takings − refunds (below zero on a day whose refunds exceed its takings). */
  net: z.number().int(),
});
export type AdminCounts = z.infer<typeof counts>;

/** `GET /api/admin/stats`: the administrators' home. */
export const adminStatsSchema = z.object({
  currency: z.string(),
  /** Everything so far (posts: not removed). */
  totals: counts,
  /** The last `ADMIN_LIMITS.weekDays` Lagos days, today included (`week_start` the first). */
  this_week: counts,
  week_start: z.string(),
  /** One entry per Lagos day, oldest first, the last one today; `ADMIN_LIMITS.statsDays` long. */
  per_day: z.array(counts.extend({ date: z.string() })),
  /**
   * What waits for an administrator now: academies awaiting verification (the academies list's
   * `?status=pending`) and open content reports (the reports list).
   */
  awaiting_review: z.object({ academies: z.number().int(), reports: z.number().int() }),
  latest: z.object({
    trials: z.array(
      z.object({
        id: z.string(),
        name: z.string(),
        trial_date: z.string(),
        status: z.enum(['active', 'cancelled']),
        academy: z.object({ id: z.string(), username: z.string() }),
        created_at: z.string(),
      }),
    ),
    players: z.array(
      z.object({
        id: z.string(),
        username: z.string(),
        minor: z.boolean(),
        created_at: z.string(),
      }),
    ),
    academies: z.array(
      z.object({
        id: z.string(),
        username: z.string(),
        status: z.enum(['pending', 'verified', 'declined']),
        created_at: z.string(),
      }),
    ),
  }),
});
export type AdminStats = z.infer<typeof adminStatsSchema>;

/** An academy as the administrators' list shows it. */
export const adminAcademySchema = z.object({
  id: z.string(),
  username: z.string(),
  email: z.string(),
  state: z.string().nullable(),
  district: z.string().nullable(),
  sports: z.array(z.string()),
  established_on: z.string().nullable(),
  /** `pending` is the stored `unverified`. */
  status: z.enum(['pending', 'verified', 'declined']),
  blocked: z.boolean(),
  blocked_reason: z.string().nullable(),
  email_verified: z.boolean(),
  has_licence: z.boolean(),
  created_at: z.string(),
});
export type AdminAcademy = z.infer<typeof adminAcademySchema>;

/** A player as the administrators' list shows it (administrators see minors' details, §13). */
export const adminPlayerSchema = z.object({
  id: z.string(),
  username: z.string(),
  email: z.string(),
  state: z.string().nullable(),
  district: z.string().nullable(),
  sports: z.array(z.string()),
  dob: z.string().nullable(),
  age: z.number().int().nullable(),
  /** Under 18 today in Lagos; an unknown date of birth counts as a minor. */
  minor: z.boolean(),
  /** A minor's band (`U13`, `U15`, `U17`); null for adults and unknown dates. */
  age_band: z.enum(AGE_BANDS).nullable(),
  blocked: z.boolean(),
  blocked_reason: z.string().nullable(),
  email_verified: z.boolean(),
  created_at: z.string(),
});
export type AdminPlayer = z.infer<typeof adminPlayerSchema>;

/** A trial as the administrators' list shows it. */
export const adminTrialSchema = z.object({
  id: z.string(),
  name: z.string(),
  sport: z.string(),
  state: z.string(),
  district: z.string(),
  venue: z.string(),
  trial_date: z.string(),
  start_time: z.string(),
  status: z.enum(['active', 'cancelled']),
  cancel_reason: z.string().nullable(),
  registered_count: z.number().int().min(0),
  total_participant_limit: z.number().int().nullable(),
  registration_fee: z.number().int().min(0),
  currency: z.string(),
  academy: z.object({ id: z.string(), username: z.string() }),
  created_at: z.string(),
});
export type AdminTrial = z.infer<typeof adminTrialSchema>;

const person = z.object({ id: z.string(), username: z.string(), role: z.string() });

/** One audit record: who, what (`<area>.<verb>`), whom, when, why, and the details. */
export const adminAuditEntrySchema = z.object({
  id: z.string(),
  action: z.string(),
  reason: z.string(),
  details: z.record(z.string(), z.unknown()),
  /** Null once the administrator's account is gone (the record outlives it). */
  actor: person.nullable(),
  target: person.nullable(),
  created_at: z.string(),
});
export type AdminAuditEntry = z.infer<typeof adminAuditEntrySchema>;

/**
 * A page of an admin list, newest first: `has_more`, the `page` number served (null when asked
 * by cursor) and `next`, the `?before=` of the following page (null on the last).
 */
export const adminPageOf = <T extends z.ZodType>(item: T) =>
  z.object({ results: z.array(item), ...eitherPageFields });

export const adminAcademyPageSchema = adminPageOf(adminAcademySchema);
export type AdminAcademyPage = z.infer<typeof adminAcademyPageSchema>;
export const adminPlayerPageSchema = adminPageOf(adminPlayerSchema);
export type AdminPlayerPage = z.infer<typeof adminPlayerPageSchema>;
export const adminTrialPageSchema = adminPageOf(adminTrialSchema);
export type AdminTrialPage = z.infer<typeof adminTrialPageSchema>;
export const adminAuditPageSchema = adminPageOf(adminAuditEntrySchema);
export type AdminAuditPage = z.infer<typeof adminAuditPageSchema>;

/** `POST /api/admin/academies/{id}/verify|decline`: the academy as it now stands. */
export const adminAcademyDecisionSchema = z.object({
  message: z.string(),
  academy: adminAcademySchema,
});
export type AdminAcademyDecision = z.infer<typeof adminAcademyDecisionSchema>;

/** `DELETE /api/admin/trials/{id}?reason=`: the trial as it now stands (`cancelled`). */
export const adminTrialCancelledSchema = z.object({
  message: z.string(),
  trial: adminTrialSchema,
});
export type AdminTrialCancelled = z.infer<typeof adminTrialCancelledSchema>;

/** `GET /api/admin/academies/{id}/licence`: a short-lived signed link to the private file. */
export const adminLicenceLinkSchema = z.object({
  url: z.string(),
  content_type: z.string(),
  expires_at: z.string(),
});
export type AdminLicenceLink = z.infer<typeof adminLicenceLinkSchema>;

const money = {
  /** Succeeded payments paid in the period (later refunded ones included). */
  gross: z.number().int().min(0),
  /** Payments refunded in the period. */
  refunded: z.number().int().min(0),
  /** gross − refunded (negative when a period's refunds exceed its takings). */
  net: z.number().int(),
};

/** `GET /api/admin/accounts`: per academy with money in the period, by net, largest first. */
export const adminAccountsSchema = z.object({
  from: z.string(),
  to: z.string(),
  currency: z.string(),
  academies: z.array(
    z.object({
      academy: z.object({ id: z.string(), username: z.string(), email: z.string() }),
      payments: z.number().int().min(0),
      ...money,
    }),
  ),
  totals: z.object(money),
});
export type AdminAccounts = z.infer<typeof adminAccountsSchema>;
