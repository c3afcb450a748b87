import { z } from 'zod';
import { ROLES } from '../roles';
import { ageOn, isIsoDate, todayInLagos } from '../dates';
import { LIMITS } from '../limits';
import { MESSAGES } from '../messages';
import { SPORTS } from '../sports';

/**
 * The specification's simple address pattern, `^[^\s@]+@[^\s@]+\.[^\s@]+$`, checked without a
 * regular expression: that pattern backtracks quadratically on `a@` + `a.`×n + `@` (minutes of
 * blocked event loop for half a million pairs). This check is one pass, and callers bound the
 * length before calling it.
 */
export function isEmailAddress(value: string): boolean {
  const at = value.indexOf('@');
  if (at < 1 || value.indexOf('@', at + 1) !== -1 || /\s/.test(value)) return false;
  const domain = value.slice(at + 1);
  // A dot with at least one character on each side.
  const dot = domain.indexOf('.', 1);
  return dot !== -1 && dot < domain.length - 1;
}

/** At least 6 characters with a lowercase letter, an uppercase letter, a digit and one of @$%*#?&. */
export const PASSWORD_RULES = [/[a-z]/, /[A-Z]/, /\d/, /[@$%*#?&]/] as const;

export const isStrongPassword = (value: string) =>
  value.length >= LIMITS.passwordMinLength && PASSWORD_RULES.every((rule) => rule.test(value));

const required = (message: string) => z.string({ error: message }).trim().min(1, message);

// `abort`: an oversized value stops here, so no later check ever walks it.
export const emailField = required(MESSAGES.emailRequired)
  .max(LIMITS.emailMaxLength, { message: MESSAGES.emailInvalid, abort: true })
  .refine(isEmailAddress, MESSAGES.emailInvalid)
  .transform((v) => v.toLowerCase());

export const passwordField = z
  .string({ error: MESSAGES.passwordRequired })
  .min(1, MESSAGES.passwordRequired)
  .max(LIMITS.passwordMaxLength, 'Password is too long')
  .refine(isStrongPassword, MESSAGES.passwordStrength);

/** Date of birth: required, a real date, and at least 7 years before today (Lagos). */
export const dobField = (now: () => Date = () => new Date()) =>
  required(MESSAGES.dobRequired)
    .refine(isIsoDate, 'Enter a valid date')
    .refine((v) => ageOn(v, todayInLagos(now())) >= LIMITS.minSignupAge, MESSAGES.minimumAge);

/** Signup step 1 (players): name, e-mail, date of birth, password. */
export const signupStep1Schema = z.object({
  username: required(MESSAGES.nameRequired).max(LIMITS.nameMaxLength, 'Name is too long'),
  email: emailField,
  dob: dobField(),
  password: passwordField,
});

const sportChoice = z.enum(SPORTS, { error: MESSAGES.sportRequired });
const customSportField = z.string().trim().max(50, 'Sport name is too long').optional().default('');

/**
 * Signup step 2's fields: state, LGA, the sport ('other' needs a name). The schema with its
 * cross-field rules (an LGA of that state) is `signupStep2Schema` in `contracts/places.ts`.
 */
export const signupStep2Fields = z.object({
  state: required(MESSAGES.stateRequired),
  district: required(MESSAGES.lgaRequired),
  sport: z.union([z.literal('').transform(() => undefined), sportChoice]).pipe(sportChoice),
  customSport: customSportField,
});

/** Academy signup: established date instead of birth date, one or more sports. */
export const academyStep1Schema = z.object({
  username: required(MESSAGES.nameRequired).max(LIMITS.nameMaxLength, 'Name is too long'),
  email: emailField,
  established_on: required('Established date is required')
    .refine(isIsoDate, 'Enter a valid date')
    .refine((v) => v <= todayInLagos(), 'Established date cannot be in the future'),
  password: passwordField,
});

/** Academy signup step 2's fields; the schema is `academyStep2Schema` in `contracts/places.ts`. */
export const academyStep2Fields = z.object({
  state: required(MESSAGES.stateRequired),
  district: required(MESSAGES.lgaRequired),
  sports: z
    .array(sportChoice, { error: MESSAGES.sportRequired })
    .min(1, MESSAGES.sportRequired)
    .max(3),
  customSport: customSportField,
});

/** The stored sports list: 'other' is replaced by the named sport (spec §3, customSport). */
export function resolveSports(sports: readonly string[], customSport: string): string[] {
  const named = sports.map((s) => (s === 'other' ? customSport.trim().toLowerCase() : s));
  return [...new Set(named.filter(Boolean))];
}

export const loginSchema = z.object({
  email: required(MESSAGES.emailRequired)
    .max(LIMITS.emailMaxLength)
    .transform((v) => v.toLowerCase()),
  password: z
    .string({ error: MESSAGES.passwordRequired })
    .min(1, MESSAGES.passwordRequired)
    .max(LIMITS.passwordMaxLength),
  is_academy: z.boolean().optional().default(false),
  is_admin: z.boolean().optional().default(false),
  /** Guardians sign in at /guardian/login (supplement §14). */
  is_guardian: z.boolean().optional().default(false),
});
export type LoginInput = z.input<typeof loginSchema>;

export const loginResponseSchema = z.object({
  user: z.string(),
  role: z.enum(ROLES),
  dob: z.string().nullable(),
  user_id: z.string(),
  profile_photo: z.string().nullable(),
  notification_count: z.number().int().min(0),
  message: z.string(),
});
export type LoginResponse = z.infer<typeof loginResponseSchema>;

export const tokenPairSchema = z.object({ access: z.string(), refresh: z.string() });
export type TokenPair = z.infer<typeof tokenPairSchema>;
export const refreshSchema = z.object({ refresh: z.string().min(1).max(512) });

/** What an e-mail code is for: confirming the address, or resetting the password. */
export const CODE_PURPOSES = ['verify', 'reset'] as const;
export type CodePurpose = (typeof CODE_PURPOSES)[number];
export const otpPurposeSchema = z.enum(CODE_PURPOSES);
export const otpVerifySchema = z.object({
  email: emailField,
  otp: z
    .string()
    .trim()
    .regex(/^\d{6}$/, 'Enter the 6-digit code'),
  purpose: otpPurposeSchema.optional().default('verify'),
});
/** `PUT /api/otp_verification`: a reset code also answers the single-use reset token. */
export const otpVerifyResponseSchema = z.object({
  message: z.string(),
  reset_token: z.string().optional(),
});
export const emailOnlySchema = z.object({ email: emailField });
export const resetPasswordSchema = z.object({
  reset_token: z.string().min(1).max(512),
  password: passwordField,
});

export const googleLoginSchema = z.object({ access_token: z.string().min(1).max(8192) });
export const googleResponseSchema = z.object({
  access: z.string(),
  refresh: z.string(),
  username: z.string(),
  dob: z.string().nullable(),
  profile_photo: z.string().nullable(),
  notification_count: z.number().int().min(0),
  user_id: z.string(),
  detail: z.string(),
  created: z.boolean(),
});

export const messageSchema = z.object({ message: z.string() });

/** Auth texts of our own (where the specification is silent). */
export const AUTH_MESSAGES = {
  signupDone: 'Registration successful. Check your email for verification',
  emailTaken: 'An account with this email already exists',
  invalidCredentials: 'Invalid email or password',
  unverified: 'Email is not verified. We sent a new code to your email',
  wrongArea: 'This account cannot sign in here',
  blocked: 'You account is blocked',
  codeSent: 'If an account exists for this email, a code has been sent',
  /** Every failed verification answers this one text, so none tells whether an account exists. */
  codeInvalid: 'The code is incorrect or has expired. Check it or request a new one',
  codeExpired: 'The code has expired. Request a new one',
  codeAttempts: 'Too many wrong attempts. Request a new code',
  resendTooSoon: 'Please wait before requesting another code',
  resendLimit: 'Too many codes requested. Try again in an hour',
  verified: 'Email verified successfully',
  alreadyVerified: 'Email is already verified',
  resetDone: 'Password reset successfully. You can now log in',
  resetTokenInvalid: 'This reset link is invalid or has expired',
  loggedOut: 'Logged out successfully',
  googleEmailTaken:
    'This email is registered with a password. Log in with your email and password instead',
  googleInvalid: 'Google sign-in could not be verified',
  googleOtherAccount:
    'This email belongs to an account linked to another Google account. Sign in with that account',
  loginSuccess: 'Login successful',
  licenceRequired: 'Licence document is required',
  licenceType: 'Licence must be a PDF, JPEG or PNG file',
  licenceSize: 'Licence must be at most 10 MB',
} as const;
