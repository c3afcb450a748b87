import { AUTH_ERRORS, AUTH_MESSAGES, ERROR_CODES, MESSAGES } from '@touchline/shared';
import { AppError } from '../../lib/app-error';

/**
 * Status choices follow the client contract: 403 means "e-mail not verified" to the web client
 * (spec §4), so no other login failure uses it; failures on the sign-in forms are 400 so the
 * client never mistakes them for an expired session (401 triggers a token refresh).
 */
export const authErrors = {
  emailTaken: () =>
    new AppError(409, AUTH_ERRORS.emailTaken, AUTH_MESSAGES.emailTaken, {
      email: AUTH_MESSAGES.emailTaken,
    }),
  invalidCredentials: () =>
    new AppError(400, AUTH_ERRORS.invalidCredentials, AUTH_MESSAGES.invalidCredentials),
  wrongArea: () => new AppError(400, AUTH_ERRORS.wrongArea, AUTH_MESSAGES.wrongArea),
  unverified: () => new AppError(403, AUTH_ERRORS.unverified, AUTH_MESSAGES.unverified),
  blocked: () => new AppError(401, ERROR_CODES.userInactive, MESSAGES.accountBlocked),
  tokenNotValid: () => new AppError(401, ERROR_CODES.tokenNotValid, 'Token is invalid or expired'),
  codeInvalid: () =>
    new AppError(400, AUTH_ERRORS.codeInvalid, AUTH_MESSAGES.codeInvalid, {
      otp: AUTH_MESSAGES.codeInvalid,
    }),
  alreadyVerified: () =>
    new AppError(400, AUTH_ERRORS.alreadyVerified, AUTH_MESSAGES.alreadyVerified),
  resetTokenInvalid: () =>
    new AppError(400, AUTH_ERRORS.resetTokenInvalid, AUTH_MESSAGES.resetTokenInvalid),
  googleDisabled: () =>
    new AppError(404, AUTH_ERRORS.googleDisabled, 'Google sign-in is not configured'),
  googleInvalid: () => new AppError(400, AUTH_ERRORS.googleInvalid, AUTH_MESSAGES.googleInvalid),
  googleEmailTaken: () =>
    new AppError(400, AUTH_ERRORS.googleEmailTaken, AUTH_MESSAGES.googleEmailTaken),
  googleOtherAccount: () =>
    new AppError(400, AUTH_ERRORS.googleOtherAccount, AUTH_MESSAGES.googleOtherAccount),
  licenceRequired: () =>
    new AppError(400, AUTH_ERRORS.licenceRequired, AUTH_MESSAGES.licenceRequired, {
      licence: AUTH_MESSAGES.licenceRequired,
    }),
  licenceType: () =>
    new AppError(400, AUTH_ERRORS.licenceType, AUTH_MESSAGES.licenceType, {
      licence: AUTH_MESSAGES.licenceType,
    }),
  licenceSize: () =>
    new AppError(413, AUTH_ERRORS.licenceSize, AUTH_MESSAGES.licenceSize, {
      licence: AUTH_MESSAGES.licenceSize,
    }),
};
