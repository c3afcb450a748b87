import { z } from 'zod';
import { ageOn, isIsoDate, todayInLagos } from '../dates';
import { LIMITS } from '../limits';
import { MESSAGES } from '../messages';
import { SPORTS } from '../sports';
import {
  afterCursorSchema,
  cursorPageFields,
  numberedPageFields,
  pageLimitSchema,
  pageNumberSchema,
} from '../paging';
import { emailField } from './auth';
import { feedbackSchema } from './evaluations';
import { normalizeNigerianPhone, PROFILE_MESSAGES } from './profiles';

/**
 * Trials and registrations (supplement §5, §12 'Trials'). Field names of the answers are §12's to
 * the letter; additions are marked "Added". Money is integer kobo with its `currency` ('NGN').
 */

export const TRIAL_LIMITS = {
  nameMaxLength: 120,
  venueMaxLength: 160,
  landmarkMaxLength: 160,
  descriptionMaxLength: 3000,
  sportOtherMaxLength: 50,
  requirementsMax: 5,
  requirementMaxLength: 200,
  answerMaxLength: 1000,
  /** The sensible age range a trial may ask for. */
  ageMin: 5,
  ageMax: 60,
  /** ₦10,000,000 in kobo: far above any trial fee, and inside a 32-bit integer. */
  feeMaxKobo: 1_000_000_000,
  participantLimitMax: 100_000,
  cancelReasonMaxLength: 500,
  /** `GET /api/trial` page size. */
  pageSize: 12,
  /** `GET /api/academy_trials` and `GET /api/trial_history` page size. */
  listPageSize: 50,
  /** A paid registration holds its place this long while payment is pending. */
  holdMinutes: LIMITS.paymentHoldMinutes,
  /** The reminder goes to registrants of trials starting within this many hours. */
  reminderHours: 24,
  /** `GET /api/players_in_trial_list/{id}`: registrants a page (and the most `limit` asks). */
  registrantsPageSize: 100,
  /** The registrants CSV is written this many rows at a time (streamed, issue 25 item 12). */
  registrantsCsvBatch: 500,
  /** `?q=` of the registrants list: at most this many characters. */
  registrantsSearchMaxLength: 100,
} as const;

export const TRIAL_STATUSES = ['active', 'cancelled'] as const;
export type TrialStatus = (typeof TRIAL_STATUSES)[number];

export const REGISTRATION_STATUSES = [
  'pending_payment',
  'registered',
  'selected',
  'rejected',
  'cancelled',
  'trial_cancelled',
  'expired',
  /** A consented minor's registration waiting for a guardian (supplement §14, decision 42). */
  'awaiting_guardian',
  /** Not checked in by the end of the trial day in Lagos (supplement §17, decision 50). */
  'no_show',
  /**
   * In line for a full trial (supplement §17, decision 49): takes no place, but one per player
   * and trial like a live one; promoted at once when a place frees.
   */
  'waitlisted',
] as const;
export type RegistrationStatus = (typeof REGISTRATION_STATUSES)[number];

/** Statuses that take a place (and count in `registered_count`): one of them per player and trial. */
export const LIVE_REGISTRATION_STATUSES = [
  'pending_payment',
  'registered',
  'selected',
  'rejected',
  'awaiting_guardian',
] as const satisfies readonly RegistrationStatus[];
export type LiveRegistrationStatus = (typeof LIVE_REGISTRATION_STATUSES)[number];

/** What the academy may set (only on registered / selected / rejected registrations). */
export const OUTCOME_STATUSES = ['selected', 'rejected'] as const;
export type OutcomeStatus = (typeof OUTCOME_STATUSES)[number];

export const REGISTRATION_STATUS_LABELS: Record<RegistrationStatus, string> = {
  pending_payment: 'Pending payment',
  registered: 'Registered',
  selected: 'Selected',
  rejected: 'Not selected',
  cancelled: 'Cancelled',
  trial_cancelled: 'Trial cancelled',
  expired: 'Expired',
  awaiting_guardian: 'Waiting for your guardian’s approval',
  no_show: 'Did not attend',
  waitlisted: 'Waitlisted',
};

/**
 * Registrations the owning academy may check in (supplement §17, decision 50): they hold a place
 * and the academy sees them. Not pending payment (unpaid), awaiting a guardian (hidden),
 * cancelled, expired or no-show.
 */
export const CHECK_IN_STATUSES = [
  'registered',
  'selected',
  'rejected',
] as const satisfies readonly RegistrationStatus[];

/**
 * Statuses one player may hold only once per trial: the live ones, a waitlist place and a
 * no-show (the live-registration index, decision 50).
 */
export const ONE_PER_PLAYER_STATUSES = [
  ...LIVE_REGISTRATION_STATUSES,
  'waitlisted',
  'no_show',
] as const satisfies readonly RegistrationStatus[];

/** 'Waitlisted — number 3 in line' (supplement §17). */
export function waitlistLabel(position: number | null): string {
  return position === null ? 'Waitlisted' : `Waitlisted — number ${position} in line`;
}

/** The level a player reached (supplement §5). */
export const PLAYER_LEVELS = ['none', 'local', 'district', 'state', 'national'] as const;
export type PlayerLevel = (typeof PLAYER_LEVELS)[number];
export const PLAYER_LEVEL_LABELS: Record<PlayerLevel, string> = {
  none: 'None',
  local: 'Local',
  district: 'District/LGA',
  state: 'State',
  national: 'National',
};

/** The academy's own list (`GET /api/academy_trials?tab=`). */
export const ACADEMY_TRIAL_TABS = ['upcoming', 'today', 'completed', 'cancelled'] as const;
export type AcademyTrialTab = (typeof ACADEMY_TRIAL_TABS)[number];

/** Reference codes: 'TL-' and 6 characters without look-alikes (no 0/O, 1/I/L). */
export const REFERENCE_CODE_ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';
export const REFERENCE_CODE_PATTERN = /^TL-[23456789ABCDEFGHJKLMNPQRSTUVWXYZ]{6}$/;

/** The specification's and our own texts for trials (errors, validation, labels). */
export const TRIAL_MESSAGES = {
  // Errors (one per TRIALS_ERRORS code).
  notFound: 'Trial not found',
  notVerified: 'Only verified academies can create trials',
  notOwner: 'You can only manage your own trials',
  playersOnly: 'Only players can register for trials',
  cancelled: 'This trial has been cancelled',
  deadlinePassed: 'Deadline Over',
  full: 'Slot Full',
  ageOutOfRange: 'Your age on the trial date is outside this trial’s age range',
  alreadyRegistered: 'You have already registered for this trial',
  feeLocked: 'The fee cannot change once someone has registered',
  sportLocked: 'The sport cannot change once someone has registered',
  requirementsLocked: 'The requirements cannot change once someone has registered',
  limitBelowCount: 'The participant limit cannot be below the number already registered',
  registrationNotFound: 'Registration not found',
  cannotCancelRegistration: 'This registration can no longer be cancelled',
  statusNotAllowed: 'Only registered players can be selected or rejected',
  answersInvalid: 'Answer every requirement of this trial',
  dobMismatch: 'Date of birth must match your profile',
  academyUnavailable: 'This academy is not accepting registrations',
  // A consented minor's registration (supplement §14, decision 42).
  awaitingGuardian: "Waiting for your guardian's approval",
  approvalNotFound: 'Registration not found',
  approvalClosed: 'This registration is no longer waiting for your approval',
  guardianApproved: 'Approved: the registration is confirmed',
  guardianApprovedPay: 'Approved: pay the fee to confirm the registration',
  guardianDeclined: 'Declined: the place is released',
  // Trial-day check-in (supplement §17, decision 50).
  checkedIn: 'Checked in',
  alreadyCheckedIn: 'Already checked in',
  checkInNotAllowed: 'This registration cannot be checked in',
  referenceCodeRequired: 'Reference code is required',
  referenceCodeInvalid: 'Enter a reference code like TL-ABC234',
  // Validation.
  nameRequired: 'Trial name is required',
  nameTooLong: `Trial name must be at most ${TRIAL_LIMITS.nameMaxLength} characters`,
  venueRequired: 'Venue is required',
  venueTooLong: `Venue must be at most ${TRIAL_LIMITS.venueMaxLength} characters`,
  landmarkTooLong: `Landmark must be at most ${TRIAL_LIMITS.landmarkMaxLength} characters`,
  descriptionTooLong: `Description must be at most ${TRIAL_LIMITS.descriptionMaxLength} characters`,
  trialDateRequired: 'Trial date is required',
  trialDateFuture: 'Trial date must be in the future',
  deadlineRequired: 'Registration deadline is required',
  deadlineAfterTrial: 'Registration deadline must be on or before the trial date',
  deadlinePast: 'Registration deadline cannot be in the past',
  dateInvalid: 'Enter a valid date',
  startTimeInvalid: 'Enter a start time as HH:MM',
  ageInvalid: `Age must be a whole number between ${TRIAL_LIMITS.ageMin} and ${TRIAL_LIMITS.ageMax}`,
  ageOrder: 'Minimum age cannot be above maximum age',
  limitInvalid: 'Participant limit must be a whole number of at least 1',
  feeInvalid: 'Fee must be a whole number of kobo, 0 or more',
  requirementsTooMany: `At most ${TRIAL_LIMITS.requirementsMax} requirements`,
  requirementEmpty: 'A requirement cannot be empty',
  requirementTooLong: `A requirement must be at most ${TRIAL_LIMITS.requirementMaxLength} characters`,
  answerRequired: 'This answer is required',
  answerTooLong: `An answer must be at most ${TRIAL_LIMITS.answerMaxLength} characters`,
  levelRequired: 'Choose the level you reached',
  phoneRequired: 'Phone number is required',
  cancelReasonRequired: 'Give a reason for cancelling the trial',
  cancelReasonTooLong: `The reason must be at most ${TRIAL_LIMITS.cancelReasonMaxLength} characters`,
  // Success texts.
  created: 'Trial created successfully',
  updated: 'Trial updated successfully',
  trialCancelled: 'Trial cancelled',
  registered: 'Registration successful',
  registrationCancelled: 'Registration cancelled',
  /** The answer to a registration for a full trial (supplement §17). */
  waitlisted: 'The trial is full: you are on the waitlist',
  waitlistLeft: 'You left the waitlist',
  notYourPendingPayment: 'This registration has no payment to make',
  statusUpdated: 'Status updated',
  /** The payment page's address is not the provider's (issue 25): the payer is not sent there. */
  checkoutRefused:
    'The payment page could not be opened safely. Open the trial again to pay from there.',
} as const;

/* ------------------------------------------------------------------ views */

/** The trial's academy card. */
export const trialAcademySchema = z.object({
  id: z.string(),
  username: z.string(),
  profile_photo: z.string().nullable(),
});

/** A player's own registration as a trial shows it (`my_registration`). */
export const myRegistrationSchema = z.object({
  id: z.string(),
  reference_code: z.string(),
  status: z.enum(REGISTRATION_STATUSES),
  /** Added: when a pending payment's hold ends (ISO), else null. */
  hold_expires_at: z.string().nullable(),
  created_at: z.string(),
  /** Added: the place in line of a `waitlisted` registration (1 = next), else null (§17). */
  waitlist_position: z.number().int().min(1).nullable(),
  /** Added: the latest payment attempt of a paid registration (to resume or show it), else null. */
  payment: z
    .object({
      reference: z.string(),
      status: z.enum(['pending', 'succeeded', 'failed', 'refunded']),
      authorization_url: z.string().nullable(),
    })
    .nullable(),
});
export type MyRegistration = z.infer<typeof myRegistrationSchema>;

/** A trial (supplement §12 fields, to the letter). */
export const trialSchema = z.object({
  id: z.string(),
  name: z.string(),
  sport: z.enum(SPORTS),
  /** Added: the sport's name when `sport` is 'other', else null. */
  sport_other: z.string().nullable(),
  state: z.string(),
  district: z.string(),
  venue: z.string(),
  landmark: z.string(),
  /** YYYY-MM-DD. */
  trial_date: z.string(),
  /** HH:MM. */
  start_time: z.string(),
  /** YYYY-MM-DD (Africa/Lagos): registration closes at the end of this day. */
  deadline: z.string(),
  min_age: z.number().int().nullable(),
  max_age: z.number().int().nullable(),
  total_participant_limit: z.number().int().nullable(),
  /** Kobo; 0 = free. */
  registration_fee: z.number().int().min(0),
  /** Added: the fee's currency ('NGN'). */
  currency: z.string(),
  image: z.string().nullable(),
  description: z.string(),
  requirements: z.array(z.object({ id: z.string(), text: z.string() })),
  status: z.enum(TRIAL_STATUSES),
  cancel_reason: z.string().nullable(),
  registered_count: z.number().int().min(0),
  /** Null when unlimited. */
  places_left: z.number().int().min(0).nullable(),
  /**
   * Added: players waiting for a place (§17); for the trial's academy only those it may see
   * (not a minor's whose registration would wait for a guardian, decision 42/49).
   */
  waitlist_count: z.number().int().min(0),
  academy: trialAcademySchema,
  /** For a player caller: their live (or latest) registration; null otherwise. */
  my_registration: myRegistrationSchema.nullable(),
  /** Added: ISO creation time. */
  created_at: z.string(),
});
export type TrialView = z.infer<typeof trialSchema>;

/** `GET /api/trial` and `GET /api/academy_trials`. */
export const trialListResponseSchema = z.object({
  trials: z.array(trialSchema),
  ...numberedPageFields,
});
export type TrialListResponse = z.infer<typeof trialListResponseSchema>;

/** `POST /api/player_trial` answer: the registration and, for a paid trial, its payment. */
export const registrationSchema = z.object({
  id: z.string(),
  reference_code: z.string(),
  status: z.enum(REGISTRATION_STATUSES),
  /** Added: the trial registered for. */
  trial: z.string(),
  /** Added: when a pending payment's hold ends (ISO), else null. */
  hold_expires_at: z.string().nullable(),
  /** Added: the place in line when the trial was full (`waitlisted`), else null (§17). */
  waitlist_position: z.number().int().min(1).nullable(),
});
export const registerResponseSchema = registrationSchema.extend({
  payment: z.object({ reference: z.string(), authorization_url: z.string() }).optional(),
});
export type RegisterResponse = z.infer<typeof registerResponseSchema>;

/** One registrant in the academy's table (`GET /api/players_in_trial_list/{trialId}`). */
export const registrantSchema = z.object({
  id: z.string(),
  reference_code: z.string(),
  player_id: z.string(),
  profile_photo: z.string().nullable(),
  name: z.string(),
  dob: z.string(),
  /** Age on the trial date. */
  age: z.number().int(),
  phone: z.string(),
  email: z.string(),
  state: z.string(),
  district: z.string(),
  level: z.enum(PLAYER_LEVELS),
  status: z.enum(REGISTRATION_STATUSES),
  /** The payment's status for a paid trial, else null. */
  payment_status: z.enum(['pending', 'succeeded', 'failed', 'refunded']).nullable(),
  created_at: z.string(),
  /** Added (decision 50): when the academy checked them in on the trial day, else null. */
  checked_in_at: z.string().nullable(),
  answers: z.array(
    z.object({ requirement_id: z.string(), requirement: z.string(), answer: z.string() }),
  ),
});
export type Registrant = z.infer<typeof registrantSchema>;
/**
 * `GET /api/players_in_trial_list/{trialId}?after=&limit=&q=&format=`: oldest registration first,
 * a page at a time (issue 25 item 12). `after` is the answer's `next`; `q` keeps the registrants
 * whose name, reference code, e-mail, phone, state or LGA hold every word. `format=csv` answers
 * the whole list (every page, the search ignored) as a streamed file.
 */
export const registrantsQuerySchema = z.object({
  format: z.enum(['json', 'csv']).default('json'),
  after: afterCursorSchema,
  limit: pageLimitSchema(TRIAL_LIMITS.registrantsPageSize, TRIAL_LIMITS.registrantsPageSize),
  q: z.string().trim().max(TRIAL_LIMITS.registrantsSearchMaxLength).optional(),
});
export type RegistrantsQuery = z.infer<typeof registrantsQuerySchema>;

export const registrantListSchema = z.object({
  trial: z.object({ id: z.string(), name: z.string() }),
  registrants: z.array(registrantSchema),
  ...cursorPageFields,
  /** Every registrant the academy may read, whatever the page or the search. */
  total: z.number().int().min(0),
  /** Attendance over the whole list: `checked_in` of `expected` (those holding a place). */
  attendance: z.object({ expected: z.number().int().min(0), checked_in: z.number().int().min(0) }),
});
export type RegistrantList = z.infer<typeof registrantListSchema>;

/** A trial as the player's history shows it. */
export const trialSummarySchema = trialSchema.pick({
  id: true,
  name: true,
  sport: true,
  sport_other: true,
  state: true,
  district: true,
  venue: true,
  trial_date: true,
  start_time: true,
  deadline: true,
  registration_fee: true,
  currency: true,
  image: true,
  status: true,
  cancel_reason: true,
  academy: true,
});

/** `GET /api/trial_history`: the player's registrations, newest first. */
export const trialHistoryItemSchema = z.object({
  id: z.string(),
  reference_code: z.string(),
  status: z.enum(REGISTRATION_STATUSES),
  hold_expires_at: z.string().nullable(),
  created_at: z.string(),
  /** Added: the place in line of a `waitlisted` registration, else null (§17). */
  waitlist_position: z.number().int().min(1).nullable(),
  trial: trialSummarySchema,
  payment: myRegistrationSchema.shape.payment,
  /** Added (§17): the academy's shared evaluation, the player's feedback report; else null. */
  feedback: feedbackSchema.nullable(),
});
export type TrialHistoryItem = z.infer<typeof trialHistoryItemSchema>;
export const trialHistoryResponseSchema = z.object({
  registrations: z.array(trialHistoryItemSchema),
  ...numberedPageFields,
});
export type TrialHistoryResponse = z.infer<typeof trialHistoryResponseSchema>;

/* ----------------------------------------------------------------- inputs */

/** `?page=`: a 1-based page number (paging.ts). */
const page = pageNumberSchema();
/** '' from a form or query means "no filter". */
const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

/** `GET /api/trial?search=&sport=&state=&payment=free|paid&page=`. */
export const trialListQuerySchema = z.object({
  search: z.preprocess(blankToUndefined, z.string().trim().max(100).optional()),
  sport: z.preprocess(blankToUndefined, z.enum(SPORTS).optional()),
  state: z.preprocess(blankToUndefined, z.string().trim().max(60).optional()),
  payment: z.preprocess(blankToUndefined, z.enum(['free', 'paid']).optional()),
  page,
});
export type TrialListQuery = z.infer<typeof trialListQuerySchema>;

/** `GET /api/academy_trials?tab=`. */
export const academyTrialsQuerySchema = z.object({
  tab: z.preprocess(blankToUndefined, z.enum(ACADEMY_TRIAL_TABS).default('upcoming')),
  page,
});
export type AcademyTrialsQuery = z.infer<typeof academyTrialsQuerySchema>;

/** `GET /api/trial_history?page=`. */
export const trialHistoryQuerySchema = z.object({ page });

/** `DELETE /api/trial/{id}?reason=`. */
export const cancelTrialQuerySchema = z.object({
  reason: z
    .string({ error: TRIAL_MESSAGES.cancelReasonRequired })
    .trim()
    .min(1, TRIAL_MESSAGES.cancelReasonRequired)
    .max(TRIAL_LIMITS.cancelReasonMaxLength, TRIAL_MESSAGES.cancelReasonTooLong),
});

/** `PUT /api/player_trial/{id}/status`. */
export const registrationStatusBodySchema = z.object({
  status: z.enum(OUTCOME_STATUSES, { error: 'Status must be selected or rejected' }),
});

/** Numbers arrive as JSON numbers or as multipart strings; '' or 'null' means "no value". */
const fromForm = (value: unknown) => {
  if (typeof value !== 'string') return value;
  const trimmed = value.trim();
  if (trimmed === '' || trimmed === 'null') return null;
  return /^-?\d+(\.\d+)?$/.test(trimmed) ? Number(trimmed) : value;
};
const intBetween = (min: number, max: number, message: string) =>
  z.number({ error: message }).int(message).min(min, message).max(max, message);

const text = (required: string, max: number, tooLong: string) =>
  z.string({ error: required }).trim().min(1, required).max(max, tooLong);
const optionalText = (max: number, tooLong: string) =>
  z.preprocess(
    (v) => (v === null || v === undefined ? '' : v),
    z.string().trim().max(max, tooLong),
  );
const dateField = (required: string) =>
  z
    .string({ error: required })
    .trim()
    .min(1, required)
    .refine(isIsoDate, TRIAL_MESSAGES.dateInvalid);

/**
 * Requirements: a list of texts (JSON), a JSON-encoded list (one multipart field) or repeated
 * multipart fields; blank entries are dropped.
 */
const requirementsField = z.preprocess(
  (v) => {
    if (v === undefined || v === null || v === '') return [];
    if (typeof v === 'string') {
      const s = v.trim();
      if (s.startsWith('[')) {
        try {
          return JSON.parse(s) as unknown;
        } catch {
          return [v];
        }
      }
      return [v];
    }
    return v;
  },
  z
    .array(
      z
        .string({ error: TRIAL_MESSAGES.requirementEmpty })
        .trim()
        .max(TRIAL_LIMITS.requirementMaxLength, TRIAL_MESSAGES.requirementTooLong),
    )
    .transform((list) => list.filter((r) => r !== ''))
    .pipe(
      z.array(z.string()).max(TRIAL_LIMITS.requirementsMax, TRIAL_MESSAGES.requirementsTooMany),
    ),
);

const trialFields = {
  name: text(TRIAL_MESSAGES.nameRequired, TRIAL_LIMITS.nameMaxLength, TRIAL_MESSAGES.nameTooLong),
  sport: z.enum(SPORTS, { error: MESSAGES.sportRequired }),
  sport_other: z.preprocess(
    (v) => (v === null || v === undefined ? '' : v),
    z.string().trim().max(TRIAL_LIMITS.sportOtherMaxLength, PROFILE_MESSAGES.sportNameInvalid),
  ),
  state: text(MESSAGES.stateRequired, 60, MESSAGES.stateRequired),
  district: text(MESSAGES.lgaRequired, 60, MESSAGES.lgaRequired),
  venue: text(
    TRIAL_MESSAGES.venueRequired,
    TRIAL_LIMITS.venueMaxLength,
    TRIAL_MESSAGES.venueTooLong,
  ),
  landmark: optionalText(TRIAL_LIMITS.landmarkMaxLength, TRIAL_MESSAGES.landmarkTooLong),
  trial_date: dateField(TRIAL_MESSAGES.trialDateRequired),
  start_time: z
    .string({ error: TRIAL_MESSAGES.startTimeInvalid })
    .trim()
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, TRIAL_MESSAGES.startTimeInvalid),
  deadline: dateField(TRIAL_MESSAGES.deadlineRequired),
  min_age: z.preprocess(
    fromForm,
    intBetween(TRIAL_LIMITS.ageMin, TRIAL_LIMITS.ageMax, TRIAL_MESSAGES.ageInvalid).nullable(),
  ),
  max_age: z.preprocess(
    fromForm,
    intBetween(TRIAL_LIMITS.ageMin, TRIAL_LIMITS.ageMax, TRIAL_MESSAGES.ageInvalid).nullable(),
  ),
  total_participant_limit: z.preprocess(
    fromForm,
    intBetween(1, TRIAL_LIMITS.participantLimitMax, TRIAL_MESSAGES.limitInvalid).nullable(),
  ),
  registration_fee: z.preprocess(
    (v) => fromForm(v) ?? 0,
    intBetween(0, TRIAL_LIMITS.feeMaxKobo, TRIAL_MESSAGES.feeInvalid),
  ),
  description: optionalText(TRIAL_LIMITS.descriptionMaxLength, TRIAL_MESSAGES.descriptionTooLong),
  requirements: requirementsField,
};

/** The fields whose rules involve each other, as a stored trial or a merged update has them. */
export type TrialRuleFields = {
  sport: string;
  sport_other: string | null;
  state: string;
  district: string;
  trial_date: string;
  deadline: string;
  min_age: number | null;
  max_age: number | null;
};

/**
 * `POST /api/trial`'s fields with their defaults, each checked alone. The schema (with the
 * cross-field rules, `trialRuleIssues`) is `trialCreateSchemaAt` in `contracts/places.ts`.
 */
export const trialCreateFields = z.object({
  ...trialFields,
  min_age: trialFields.min_age.default(null),
  max_age: trialFields.max_age.default(null),
  total_participant_limit: trialFields.total_participant_limit.default(null),
  landmark: trialFields.landmark.default(''),
  description: trialFields.description.default(''),
  sport_other: trialFields.sport_other.default(''),
  requirements: trialFields.requirements.default([]),
});

/**
 * `PUT /api/trial/{id}`: any subset of the create fields. Each field is checked alone here; the
 * service merges the update onto the stored trial and checks `trialRuleIssues` on the result,
 * plus the locks (fee and sport once anyone registered, limit ≥ registered count).
 */
export const trialUpdateSchema = z.object(trialFields).partial();
export type TrialUpdateInput = z.input<typeof trialUpdateSchema>;
export type TrialUpdate = z.output<typeof trialUpdateSchema>;

/**
 * `POST /api/player_trial`'s fields (supplement §12), each checked alone. The schema (with the
 * state/LGA pair) is `registerBodySchemaAt` in `contracts/places.ts`.
 */
export function registerBodyFieldsAt(now: () => Date = () => new Date()) {
  return z.object({
    trial: z.string({ error: TRIAL_MESSAGES.notFound }).uuid(TRIAL_MESSAGES.notFound),
    name: text(MESSAGES.nameRequired, LIMITS.nameMaxLength, PROFILE_MESSAGES.nameTooLong),
    dob: z
      .string({ error: MESSAGES.dobRequired })
      .trim()
      .min(1, MESSAGES.dobRequired)
      .refine(isIsoDate, TRIAL_MESSAGES.dateInvalid)
      .refine((d) => ageOn(d, todayInLagos(now())) >= 0, TRIAL_MESSAGES.dateInvalid),
    phone: z
      .string({ error: TRIAL_MESSAGES.phoneRequired })
      .trim()
      .min(1, TRIAL_MESSAGES.phoneRequired)
      .max(30, PROFILE_MESSAGES.phoneInvalid)
      .transform((v, ctx) => {
        const e164 = normalizeNigerianPhone(v);
        if (!e164) ctx.addIssue({ code: 'custom', message: PROFILE_MESSAGES.phoneInvalid });
        return e164 ?? z.NEVER;
      }),
    email: emailField,
    state: text(MESSAGES.stateRequired, 60, MESSAGES.stateRequired),
    district: text(MESSAGES.lgaRequired, 60, MESSAGES.lgaRequired),
    level: z.enum(PLAYER_LEVELS, { error: TRIAL_MESSAGES.levelRequired }),
    answers: z
      .array(
        z.object({
          requirement_id: z.string().uuid(TRIAL_MESSAGES.answersInvalid),
          answer: z
            .string({ error: TRIAL_MESSAGES.answerRequired })
            .trim()
            .min(1, TRIAL_MESSAGES.answerRequired)
            .max(TRIAL_LIMITS.answerMaxLength, TRIAL_MESSAGES.answerTooLong),
        }),
      )
      .max(TRIAL_LIMITS.requirementsMax, TRIAL_MESSAGES.answersInvalid)
      .default([]),
  });
}

/** `POST /api/trial/{id}/check_in` (supplement §17): the code from the QR or typed. */
export const checkInBodySchema = z.object({
  reference_code: z
    .string({ error: TRIAL_MESSAGES.referenceCodeRequired })
    .trim()
    .min(1, TRIAL_MESSAGES.referenceCodeRequired)
    .transform((v) => v.toUpperCase())
    .pipe(z.string().regex(REFERENCE_CODE_PATTERN, TRIAL_MESSAGES.referenceCodeInvalid)),
});
export type CheckInBody = z.infer<typeof checkInBodySchema>;

export const attendeeSchema = z.object({
  id: z.string(),
  reference_code: z.string(),
  player_id: z.string(),
  name: z.string(),
  status: z.enum(REGISTRATION_STATUSES),
  /** ISO time, or null when not checked in. */
  checked_in_at: z.string().nullable(),
});
export type Attendee = z.infer<typeof attendeeSchema>;

/** `POST /api/trial/{id}/check_in`: `already_checked_in` true on a second scan (200 both). */
export const checkInResponseSchema = z.object({
  message: z.string(),
  already_checked_in: z.boolean(),
  registration: attendeeSchema,
});
export type CheckInResponse = z.infer<typeof checkInResponseSchema>;

/** `GET /api/trial/{id}/attendance`: everyone the academy can check in, and the counts. */
export const attendanceResponseSchema = z.object({
  trial: z.object({ id: z.string(), name: z.string(), trial_date: z.string() }),
  checked_in: z.number().int(),
  not_checked_in: z.number().int(),
  no_show: z.number().int(),
  registrants: z.array(attendeeSchema),
});
export type AttendanceResponse = z.infer<typeof attendanceResponseSchema>;
