import { AUTH_MESSAGES, ERROR_CODES, MESSAGES } from '@touchline/shared';
import { AppError } from '../../lib/app-error';

/**
 * Status choices follow the client contract: 403 means "e-mail not verified" to the web client
 * (spec §4), so no other login failure uses it; failures on the sign-in forms are 400 so the
 * client never mistakes them for an expired session (401 triggers a token refresh).
 */
export const authErrors = {
  emailTaken: () =>
    new AppError(409, 'auth.email_taken', AUTH_MESSAGES.emailTaken, {
      email: AUTH_MESSAGES.emailTaken,
    }),
  invalidCredentials: () =>
    new AppError(400, 'auth.invalid_credentials', AUTH_MESSAGES.invalidCredentials),
  wrongArea: () => new AppError(400, 'auth.wrong_area', AUTH_MESSAGES.wrongArea),
  unverified: () => new AppError(403, 'auth.unverified', AUTH_MESSAGES.unverified),
  blocked: () => new AppError(401, ERROR_CODES.userInactive, MESSAGES.accountBlocked),
  tokenNotValid: () => new AppError(401, ERROR_CODES.tokenNotValid, 'Token is invalid or expired'),
  codeInvalid: () =>
    new AppError(400, 'auth.code_invalid', AUTH_MESSAGES.codeInvalid, {
      otp: AUTH_MESSAGES.codeInvalid,
    }),
  codeExpired: () =>
    new AppError(400, 'auth.code_expired', AUTH_MESSAGES.codeExpired, {
      otp: AUTH_MESSAGES.codeExpired,
    }),
  codeAttempts: () =>
    new AppError(429, 'auth.code_attempts', AUTH_MESSAGES.codeAttempts, {
      otp: AUTH_MESSAGES.codeAttempts,
    }),
  resendTooSoon: (seconds: number) =>
    new AppError(429, 'auth.resend_too_soon', `${AUTH_MESSAGES.resendTooSoon} (${seconds} s)`),
  resendLimit: () => new AppError(429, 'auth.resend_limit', AUTH_MESSAGES.resendLimit),
  alreadyVerified: () => new AppError(400, 'auth.already_verified', AUTH_MESSAGES.alreadyVerified),
  resetTokenInvalid: () =>
    new AppError(400, 'auth.reset_token_invalid', AUTH_MESSAGES.resetTokenInvalid),
  googleDisabled: () =>
    new AppError(404, 'auth.google_disabled', 'Google sign-in is not configured'),
  googleInvalid: () => new AppError(400, 'auth.google_invalid', AUTH_MESSAGES.googleInvalid),
  googleEmailTaken: () =>
    new AppError(400, 'auth.google_email_taken', AUTH_MESSAGES.googleEmailTaken),
  licenceRequired: () =>
    new AppError(400, 'auth.licence_required', AUTH_MESSAGES.licenceRequired, {
      licence: AUTH_MESSAGES.licenceRequired,
    }),
  licenceType: () =>
    new AppError(400, 'auth.licence_type', AUTH_MESSAGES.licenceType, {
      licence: AUTH_MESSAGES.licenceType,
    }),
  licenceSize: () =>
    new AppError(413, 'auth.licence_size', AUTH_MESSAGES.licenceSize, {
      licence: AUTH_MESSAGES.licenceSize,
    }),
};
