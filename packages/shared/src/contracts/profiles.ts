import { z } from 'zod';
import { AGE_BANDS, isIsoDate, todayInLagos } from '../dates';
import { LIMITS } from '../limits';
import { MESSAGES } from '../messages';
import { ROLES } from '../roles';
import { BASKETBALL_POSITIONS, FOOTBALL_POSITIONS } from '../sports';
import { dobField } from './auth';
import { measuredProfileSchema } from './evaluations';

/** Profile limits of supplement §2 (one place for the API, the web forms and the tests). */
export const PROFILE_LIMITS = {
  sportsMax: 3,
  sportNameMaxLength: 50,
  positionMaxLength: 40,
  heightCmMin: 50,
  heightCmMax: 250,
  weightKgMin: 15,
  weightKgMax: 200,
  achievementTitleMaxLength: 120,
  organisationMaxLength: 120,
  achievementDescriptionMaxLength: 1000,
  academyNameMaxLength: 120,
  /** Lists are answered whole, so they are capped. */
  achievementsPerUser: 100,
  experiencesPerUser: 50,
  earliestYear: 1950,
  profilePhotoSize: 400,
  profileThumbSize: 96,
  coverWidth: 1500,
  coverHeight: 500,
  achievementImageMax: 1200,
} as const;

export const PREFERRED_SIDES = ['left', 'right', 'both'] as const;
export type PreferredSide = (typeof PREFERRED_SIDES)[number];

export const PROFILE_MESSAGES = {
  nameTooLong: `Name must be at most ${LIMITS.nameMaxLength} characters`,
  bioTooLong: `Bio must be at most ${LIMITS.bioMaxLength} characters`,
  aboutTooLong: `About must be at most ${LIMITS.aboutMaxLength} characters`,
  sportsTooMany: `Choose at most ${PROFILE_LIMITS.sportsMax} sports`,
  sportNameInvalid: 'Enter a valid sport name',
  positionTooLong: `Position must be at most ${PROFILE_LIMITS.positionMaxLength} characters`,
  positionRequired: 'Position is required',
  footballPosition: 'Choose a football position from the pitch (GK to RS)',
  basketballPosition: 'Choose a basketball position: PG, SG, SF, PF or C',
  positionMismatch: 'Position does not match your sport',
  height: `Height must be between ${PROFILE_LIMITS.heightCmMin} and ${PROFILE_LIMITS.heightCmMax} cm`,
  weight: `Weight must be between ${PROFILE_LIMITS.weightKgMin} and ${PROFILE_LIMITS.weightKgMax} kg`,
  preferredSide: 'Preferred side must be left, right or both',
  phoneInvalid: 'Enter a Nigerian phone number such as 08012345678 or +2348012345678',
  establishedRequired: 'Established date is required',
  establishedFuture: 'Established date cannot be in the future',
  dateInvalid: 'Enter a valid date',
  locationPair: 'Choose a state and one of its LGAs',
  openToWork: 'Open to Work must be true or false',
  titleRequired: 'Title is required',
  titleTooLong: `Title must be at most ${PROFILE_LIMITS.achievementTitleMaxLength} characters`,
  organisationTooLong: `Organisation must be at most ${PROFILE_LIMITS.organisationMaxLength} characters`,
  descriptionTooLong: `Description must be at most ${PROFILE_LIMITS.achievementDescriptionMaxLength} characters`,
  month: 'Month must be between 1 and 12',
  year: `Year must be between ${PROFILE_LIMITS.earliestYear} and this year`,
  issuedFuture: 'The issue date cannot be in the future',
  academyRequired: 'Academy is required',
  academyNameTooLong: `Academy name must be at most ${PROFILE_LIMITS.academyNameMaxLength} characters`,
  startFuture: 'Start date cannot be in the future',
  endFuture: 'End date cannot be in the future',
  endRequired: 'End date is required unless you are currently playing there',
  endWhileCurrent: 'Leave the end date empty while you are currently playing there',
  endBeforeStart: 'End date cannot be before start date',
} as const;

/* ----------------------------------------------------------------- phones */

const NIGERIAN_MOBILE = /^(70|80|81|90|91)\d{8}$/;

/**
 * A Nigerian mobile number in E.164 (`+234XXXXXXXXXX`), or null. Accepts the national form
 * `080…`/`070…`/`081…`/`090…`/`091…` (11 digits), `+234…` and `234…`; spaces, dashes, dots and
 * brackets are ignored.
 */
export function normalizeNigerianPhone(input: string): string | null {
  const compact = input.trim().replace(/[\s\-().]/g, '');
  let national: string | undefined;
  if (/^0\d{10}$/.test(compact)) national = compact.slice(1);
  else if (/^\+234\d{10}$/.test(compact)) national = compact.slice(4);
  else if (/^234\d{10}$/.test(compact)) national = compact.slice(3);
  return national && NIGERIAN_MOBILE.test(national) ? `+234${national}` : null;
}

/* -------------------------------------------------------------- positions */

export const FOOTBALL_POSITION_CODES: readonly string[] = FOOTBALL_POSITIONS.map((p) => p.code);

/**
 * The stored form of a position for a sport, or null when it does not fit: football takes one of
 * the 25 pitch codes, basketball PG/SG/SF/PF/C (codes in any case), other sports free text.
 */
export function normalizePosition(sport: string, position: string): string | null {
  const value = position.trim();
  if (!value || value.length > PROFILE_LIMITS.positionMaxLength) return null;
  const code = value.toUpperCase();
  if (sport === 'football') return FOOTBALL_POSITION_CODES.includes(code) ? code : null;
  if (sport === 'basketball')
    return (BASKETBALL_POSITIONS as readonly string[]).includes(code) ? code : null;
  return value;
}

/** The position normalised for the first of the sports it fits, or null. */
export function positionForSports(sports: readonly string[], position: string): string | null {
  for (const sport of sports) {
    const normalized = normalizePosition(sport, position);
    if (normalized) return normalized;
  }
  return null;
}

/** Why a position does not fit these sports (for the field message). */
export function positionMismatchMessage(sports: readonly string[]): string {
  if (sports.length === 1 && sports[0] === 'football') return PROFILE_MESSAGES.footballPosition;
  if (sports.length === 1 && sports[0] === 'basketball') return PROFILE_MESSAGES.basketballPosition;
  return PROFILE_MESSAGES.positionMismatch;
}

/* ----------------------------------------------------------------- fields */

/** Numbers arrive as JSON numbers or as multipart strings; '' means "no value". */
const fromForm = (value: unknown) => {
  if (typeof value !== 'string') return value;
  const trimmed = value.trim();
  if (trimmed === '' || trimmed === 'null') return null;
  return /^-?\d+(\.\d+)?$/.test(trimmed) ? Number(trimmed) : value;
};
const number = (min: number, max: number, message: string) =>
  z.number({ error: message }).int(message).min(min, message).max(max, message);
const intField = (min: number, max: number, message: string) =>
  z.preprocess(fromForm, number(min, max, message));
/** As `intField`, where null (or '') clears the value. */
const nullableIntField = (min: number, max: number, message: string) =>
  z.preprocess(fromForm, number(min, max, message).nullable());
const boolField = (message: string) =>
  z.preprocess(
    (v) => (v === 'true' || v === '1' ? true : v === 'false' || v === '0' ? false : v),
    z.boolean({ error: message }),
  );

/** Optional text: trimmed; empty (or null) clears it. */
const optionalText = (max: number, message: string) =>
  z
    .string()
    .trim()
    .max(max, message)
    .transform((v) => (v === '' ? null : v))
    .nullable();

/** A sport name: football, basketball, 'other' (named by custom_sport) or an earlier custom name. */
export const sportNameField = z
  .string({ error: MESSAGES.sportRequired })
  .trim()
  .toLowerCase()
  .min(1, MESSAGES.sportRequired)
  .max(PROFILE_LIMITS.sportNameMaxLength, PROFILE_MESSAGES.sportNameInvalid)
  .regex(/^[\p{L}][\p{L}\p{N} '-]*$/u, PROFILE_MESSAGES.sportNameInvalid);

const monthField = intField(1, 12, PROFILE_MESSAGES.month);
const nullableMonthField = nullableIntField(1, 12, PROFILE_MESSAGES.month);
const yearNumber = (now: () => Date) =>
  z
    .number({ error: PROFILE_MESSAGES.year })
    .int(PROFILE_MESSAGES.year)
    .min(PROFILE_LIMITS.earliestYear, PROFILE_MESSAGES.year)
    .refine((y) => y <= Number(todayInLagos(now()).slice(0, 4)), PROFILE_MESSAGES.year);
const yearField = (now: () => Date) => z.preprocess(fromForm, yearNumber(now));
const nullableYearField = (now: () => Date) => z.preprocess(fromForm, yearNumber(now).nullable());

/** Year × 12 + month: compares month/year pairs. */
const monthIndex = (year: number, month: number) => year * 12 + (month - 1);
const currentMonthIndex = (now: () => Date) => {
  const [y, m] = todayInLagos(now()).split('-').map(Number) as [number, number];
  return monthIndex(y, m);
};

/* ---------------------------------------------------------------- profile */

/**
 * `POST /api/profile`'s fields, each checked alone. The schema (with the state/LGA pair and
 * 'other' named) is `profileUpdateSchemaAt` in `contracts/places.ts`.
 */
export function profileUpdateFieldsAt(now: () => Date = () => new Date()) {
  return z
    .object({
      username: z
        .string()
        .trim()
        .min(1, MESSAGES.nameRequired)
        .max(LIMITS.nameMaxLength, PROFILE_MESSAGES.nameTooLong),
      bio: optionalText(LIMITS.bioMaxLength, PROFILE_MESSAGES.bioTooLong),
      about: optionalText(LIMITS.aboutMaxLength, PROFILE_MESSAGES.aboutTooLong),
      state: z.string().trim().min(1, MESSAGES.stateRequired).max(60, MESSAGES.stateRequired),
      district: z.string().trim().min(1, MESSAGES.lgaRequired).max(60, MESSAGES.lgaRequired),
      sports: z
        .array(sportNameField, { error: MESSAGES.sportRequired })
        .min(1, MESSAGES.sportRequired)
        .max(PROFILE_LIMITS.sportsMax, PROFILE_MESSAGES.sportsTooMany),
      custom_sport: z.string().trim().max(PROFILE_LIMITS.sportNameMaxLength).optional(),
      open_to_work: boolField(PROFILE_MESSAGES.openToWork),
      position: optionalText(PROFILE_LIMITS.positionMaxLength, PROFILE_MESSAGES.positionTooLong),
      height_cm: nullableIntField(
        PROFILE_LIMITS.heightCmMin,
        PROFILE_LIMITS.heightCmMax,
        PROFILE_MESSAGES.height,
      ),
      weight_kg: nullableIntField(
        PROFILE_LIMITS.weightKgMin,
        PROFILE_LIMITS.weightKgMax,
        PROFILE_MESSAGES.weight,
      ),
      preferred_side: z.preprocess(
        (v) => (v === '' ? null : v),
        z.enum(PREFERRED_SIDES, { error: PROFILE_MESSAGES.preferredSide }).nullable(),
      ),
      phone: z
        .string()
        .max(30, PROFILE_MESSAGES.phoneInvalid)
        .transform((v, ctx) => {
          if (v.trim() === '') return null;
          const e164 = normalizeNigerianPhone(v);
          if (!e164) ctx.addIssue({ code: 'custom', message: PROFILE_MESSAGES.phoneInvalid });
          return e164 ?? z.NEVER;
        })
        .nullable(),
      dob: dobField(now),
      established_on: z
        .string()
        .trim()
        .min(1, PROFILE_MESSAGES.establishedRequired)
        .refine(isIsoDate, PROFILE_MESSAGES.dateInvalid)
        .refine((v) => v <= todayInLagos(now()), PROFILE_MESSAGES.establishedFuture),
    })
    .partial();
}

/** Fields only players have (academies are refused them). */
export const PLAYER_ONLY_FIELDS = [
  'open_to_work',
  'position',
  'height_cm',
  'weight_kg',
  'preferred_side',
  'dob',
] as const;
/** Fields only academies have. */
export const ACADEMY_ONLY_FIELDS = ['established_on'] as const;

/**
 * A profile as another signed-in user sees it. The owner and administrators also get the private
 * fields `email`, `phone` and `dob` (absent otherwise). Players show `age`, never the exact date.
 */
export const profileViewSchema = z.object({
  /** The full profile (see `limitedProfileSchema` for a minor's card). */
  limited: z.literal(false),
  user_id: z.string(),
  username: z.string(),
  role: z.enum(ROLES),
  bio: z.string().nullable(),
  about: z.string().nullable(),
  profile_photo: z.string().nullable(),
  cover_photo: z.string().nullable(),
  state: z.string().nullable(),
  district: z.string().nullable(),
  sports: z.array(z.string()),
  open_to_work: z.boolean(),
  position: z.string().nullable(),
  height_cm: z.number().int().nullable(),
  weight_kg: z.number().int().nullable(),
  preferred_side: z.enum(PREFERRED_SIDES).nullable(),
  /** Players: whole years in Lagos today; null when unknown or for academies. */
  age: z.number().int().nullable(),
  /** Academies only (null for players). */
  established_on: z.string().nullable(),
  /** Academies: the licence was verified by an administrator. */
  is_verified: z.boolean(),
  /** Players (academies have followers instead). */
  friends_count: z.number().int().min(0).optional(),
  /** Academies. */
  followers_count: z.number().int().min(0).optional(),
  post_count: z.number().int().min(0),
  achievements_count: z.number().int().min(0),
  is_own: z.boolean(),
  email: z.string().optional(),
  phone: z.string().nullable().optional(),
  dob: z.string().nullable().optional(),
  /**
   * Added (§17): players' values measured at trials and shared by the academy ('Measured at
   * <trial>, <date>'), beside the self-reported ones; null for academies.
   */
  measured: measuredProfileSchema.nullable().default(null),
});
export type ProfileView = z.infer<typeof profileViewSchema>;

/**
 * A minor's card for someone outside their circle (supplement §13): name, photo, sports, state
 * and an age band, nothing else; the client shows no posts, lists or counts with it.
 */
export const limitedProfileSchema = z.object({
  limited: z.literal(true),
  user_id: z.string(),
  username: z.string(),
  role: z.literal('player'),
  profile_photo: z.string().nullable(),
  state: z.string().nullable(),
  sports: z.array(z.string()),
  /** Null when the date of birth is not known yet (a Google account before /welcome). */
  age_band: z.enum(AGE_BANDS).nullable(),
  is_own: z.literal(false),
});
export type LimitedProfile = z.infer<typeof limitedProfileSchema>;

/** `GET /api/profile/{id}`: the full profile, or a minor's limited card. */
export const profileResponseSchema = z.discriminatedUnion('limited', [
  profileViewSchema,
  limitedProfileSchema,
]);
export type ProfileResponse = z.infer<typeof profileResponseSchema>;

/**
 * `PUT /api/admin/users/{id}/dob`: an administrator corrects a locked date of birth (§13); the
 * reason goes to the audit record.
 */
export function dobCorrectionSchemaAt(now: () => Date = () => new Date()) {
  return z.object({
    dob: dobField(now),
    reason: z
      .string({ error: 'A reason is required' })
      .trim()
      .min(1, 'A reason is required')
      .max(500, 'The reason is too long'),
  });
}
export const dobCorrectionResponseSchema = z.object({
  message: z.string(),
  user_id: z.string(),
  dob: z.string(),
  age: z.number().int(),
});

export const profileIdParamsSchema = z.object({ id: z.uuid({ error: 'Unknown profile' }) });
export const photoResponseSchema = z.object({ url: z.string().nullable() });

/* ----------------------------------------------------------- achievements */

export function achievementFieldsAt(now: () => Date = () => new Date()) {
  return {
    title: z
      .string({ error: PROFILE_MESSAGES.titleRequired })
      .trim()
      .min(1, PROFILE_MESSAGES.titleRequired)
      .max(PROFILE_LIMITS.achievementTitleMaxLength, PROFILE_MESSAGES.titleTooLong),
    organisation: optionalText(
      PROFILE_LIMITS.organisationMaxLength,
      PROFILE_MESSAGES.organisationTooLong,
    ).optional(),
    issued_month: monthField,
    issued_year: yearField(now),
    description: optionalText(
      PROFILE_LIMITS.achievementDescriptionMaxLength,
      PROFILE_MESSAGES.descriptionTooLong,
    ).optional(),
  };
}

/** `POST /api/user_achievement` (JSON, or multipart with an optional `image`). */
export function achievementCreateSchemaAt(now: () => Date = () => new Date()) {
  return z.object(achievementFieldsAt(now)).superRefine((v, ctx) => {
    if (monthIndex(v.issued_year, v.issued_month) > currentMonthIndex(now)) {
      ctx.addIssue({
        code: 'custom',
        path: ['issued_month'],
        message: PROFILE_MESSAGES.issuedFuture,
      });
    }
  });
}
export const achievementCreateSchema = achievementCreateSchemaAt();

/** `PUT /api/user_achievement/{id}`: any fields; `remove_image` drops the image. */
export function achievementUpdateSchemaAt(now: () => Date = () => new Date()) {
  return z
    .object(achievementFieldsAt(now))
    .partial()
    .extend({ remove_image: boolField('remove_image must be true or false').optional() });
}
export const achievementUpdateSchema = achievementUpdateSchemaAt();

export const achievementSchema = z.object({
  id: z.string(),
  user_id: z.string(),
  title: z.string(),
  organisation: z.string().nullable(),
  issued_month: z.number().int(),
  issued_year: z.number().int(),
  description: z.string().nullable(),
  image: z.string().nullable(),
  created_at: z.string(),
});
export type Achievement = z.infer<typeof achievementSchema>;
/** `GET /api/user_achievement`: a user's achievements. */
export const achievementListSchema = z.array(achievementSchema);

/* ------------------------------------------------------------- experience */

function experienceFieldsAt(now: () => Date) {
  return {
    academy_id: z.uuid({ error: 'Select a registered academy' }).nullable().optional(),
    academy_name: optionalText(
      PROFILE_LIMITS.academyNameMaxLength,
      PROFILE_MESSAGES.academyNameTooLong,
    ).optional(),
    sport: sportNameField,
    position: z
      .string({ error: PROFILE_MESSAGES.positionRequired })
      .trim()
      .min(1, PROFILE_MESSAGES.positionRequired)
      .max(PROFILE_LIMITS.positionMaxLength, PROFILE_MESSAGES.positionTooLong),
    start_month: monthField,
    start_year: yearField(now),
    end_month: nullableMonthField.optional(),
    end_year: nullableYearField(now).optional(),
    is_current: boolField('is_current must be true or false').optional(),
  };
}

/** Experience rules: a fitting position, start not in the future, an end after it or "current". */
export function experienceCreateSchemaAt(now: () => Date = () => new Date()) {
  return z
    .object(experienceFieldsAt(now))
    .superRefine((v, ctx) => {
      const issue = (path: string, message: string) =>
        ctx.addIssue({ code: 'custom', path: [path], message });
      if (!v.academy_id && !v.academy_name) issue('academy_name', PROFILE_MESSAGES.academyRequired);
      if (!normalizePosition(v.sport, v.position))
        issue('position', positionMismatchMessage([v.sport]));
      const start = monthIndex(v.start_year, v.start_month);
      if (start > currentMonthIndex(now)) issue('start_month', PROFILE_MESSAGES.startFuture);
      const hasEnd = v.end_month != null || v.end_year != null;
      if (v.is_current) {
        if (hasEnd) issue('end_year', PROFILE_MESSAGES.endWhileCurrent);
        return;
      }
      if (v.end_month == null || v.end_year == null) {
        issue(v.end_year == null ? 'end_year' : 'end_month', PROFILE_MESSAGES.endRequired);
        return;
      }
      const end = monthIndex(v.end_year, v.end_month);
      if (end < start) issue('end_year', PROFILE_MESSAGES.endBeforeStart);
      else if (end > currentMonthIndex(now)) issue('end_year', PROFILE_MESSAGES.endFuture);
    })
    .transform((v) => ({
      ...v,
      is_current: v.is_current ?? false,
      academy_id: v.academy_id ?? null,
      academy_name: v.academy_name ?? null,
      position: normalizePosition(v.sport, v.position)!,
      end_month: v.is_current ? null : (v.end_month ?? null),
      end_year: v.is_current ? null : (v.end_year ?? null),
    }));
}
export const experienceCreateSchema = experienceCreateSchemaAt();
export type ExperienceInput = z.output<typeof experienceCreateSchema>;

/** `PUT /api/user_academy/{id}`: any fields; the merged entry must pass the create rules. */
export function experienceUpdateSchemaAt(now: () => Date = () => new Date()) {
  return z.object(experienceFieldsAt(now)).partial();
}
export const experienceUpdateSchema = experienceUpdateSchemaAt();

export const experienceSchema = z.object({
  id: z.string(),
  user_id: z.string(),
  /** A registered academy (its current name is in academy_name), or null for a free name. */
  academy_id: z.string().nullable(),
  academy_name: z.string(),
  sport: z.string(),
  position: z.string(),
  start_month: z.number().int(),
  start_year: z.number().int(),
  end_month: z.number().int().nullable(),
  end_year: z.number().int().nullable(),
  is_current: z.boolean(),
  created_at: z.string(),
});
export type Experience = z.infer<typeof experienceSchema>;
/** `GET /api/user_academy`: a user's playing experience. */
export const experienceListSchema = z.array(experienceSchema);

/** `?user_id=` of the achievement and experience lists (the caller's own when absent). */
export const userListQuerySchema = z.object({
  user_id: z.uuid({ error: 'Unknown user' }).optional(),
});
export const entryIdParamsSchema = z.object({ id: z.uuid({ error: 'Not found' }) });
