import { ERROR_CODES, GUARDIAN_ERRORS, GUARDIAN_MESSAGES } from '@touchline/shared';
import { AppError } from '../../lib/app-error';

/** Refusals of the guardian and consent flows (codes `guardian.*`, texts GUARDIAN_MESSAGES). */
export const guardianErrors = {
  guardianEmailRequired: () =>
    new AppError(400, ERROR_CODES.validation, GUARDIAN_MESSAGES.guardianEmailRequired, {
      guardian_email: GUARDIAN_MESSAGES.guardianEmailRequired,
    }),
  guardianEmailSame: () =>
    new AppError(400, GUARDIAN_ERRORS.guardianEmailSame, GUARDIAN_MESSAGES.guardianEmailSame, {
      guardian_email: GUARDIAN_MESSAGES.guardianEmailSame,
    }),
  consentRequired: () =>
    new AppError(403, GUARDIAN_ERRORS.consentRequired, GUARDIAN_MESSAGES.consentRequired),
  resendTooSoon: () =>
    new AppError(429, GUARDIAN_ERRORS.resendTooSoon, GUARDIAN_MESSAGES.resendTooSoon),
  resendNotNeeded: () =>
    new AppError(409, GUARDIAN_ERRORS.resendNotNeeded, GUARDIAN_MESSAGES.resendNotNeeded),
  linkInvalid: () => new AppError(404, GUARDIAN_ERRORS.linkInvalid, GUARDIAN_MESSAGES.linkInvalid),
  linkUsed: () => new AppError(410, GUARDIAN_ERRORS.linkUsed, GUARDIAN_MESSAGES.linkUsed),
  linkExpired: () => new AppError(410, GUARDIAN_ERRORS.linkExpired, GUARDIAN_MESSAGES.linkExpired),
  guardianOnly: () =>
    new AppError(403, GUARDIAN_ERRORS.guardianOnly, GUARDIAN_MESSAGES.guardianOnly),
  selfConsent: () =>
    new AppError(403, GUARDIAN_ERRORS.selfConsent, GUARDIAN_MESSAGES.notChildsOwnAccount),
  tooManyGuardians: () =>
    new AppError(409, GUARDIAN_ERRORS.tooManyGuardians, GUARDIAN_MESSAGES.tooManyGuardians),
  /** Another guardian's child, or no such child: the same 404 (no probing of ids). */
  childNotFound: () =>
    new AppError(404, GUARDIAN_ERRORS.childNotFound, GUARDIAN_MESSAGES.childNotFound),
  accountFrozen: () =>
    new AppError(403, GUARDIAN_ERRORS.accountFrozen, GUARDIAN_MESSAGES.accountFrozen),
};
