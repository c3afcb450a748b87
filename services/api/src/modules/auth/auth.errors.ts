import {
  AUTH_ERRORS,
  AUTH_MESSAGES,
  ERROR_CODES,
  MESSAGES,
  YOUR_DATA_ERRORS,
  YOUR_DATA_MESSAGES,
  lagosReadableDate,
} from '@touchline/shared';
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
  /** A signed-in request or refresh of a deleted account (supplement §15). */
  accountDeleted: () =>
    new AppError(401, YOUR_DATA_ERRORS.accountDeleted, YOUR_DATA_MESSAGES.deleted),
  /**
   * Sign-in to an account deleted less than 30 days ago, with the right password (or Google):
   * 409, so the sign-in form offers 'Restore my account'.
   */
  pendingDeletion: (eraseAfter: Date | null) =>
    new AppError(
      409,
      YOUR_DATA_ERRORS.pendingDeletion,
      YOUR_DATA_MESSAGES.pendingDeletion(eraseAfter ? lagosReadableDate(eraseAfter) : 'soon'),
    ),
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
