import {
  ERROR_CODES,
  PAYMENT_MESSAGES,
  PAYMENTS_ERRORS,
  TRIAL_MESSAGES,
  TRIALS_ERRORS,
} from '@touchline/shared';
import { AppError } from '../../lib/app-error';

const error = (status: number, key: keyof typeof TRIALS_ERRORS, field?: string) => {
  const message = TRIAL_MESSAGES[key];
  return new AppError(
    status,
    TRIALS_ERRORS[key],
    message,
    field ? { [field]: message } : undefined,
  );
};

/**
 * Trials and registrations (codes `TRIALS_ERRORS`, texts `TRIAL_MESSAGES`). A trial or
 * registration the caller may not know about reads as missing (404); another academy's trial is
 * 403 `trials.not_owner`.
 */
export const trialsErrors = {
  notFound: () => error(404, 'notFound'),
  notVerified: () => error(403, 'notVerified'),
  notOwner: () => error(403, 'notOwner'),
  playersOnly: () => error(403, 'playersOnly'),
  cancelled: () => error(409, 'cancelled'),
  deadlinePassed: () => error(409, 'deadlinePassed'),
  full: () => error(409, 'full'),
  ageOutOfRange: () => error(403, 'ageOutOfRange', 'dob'),
  alreadyRegistered: () => error(409, 'alreadyRegistered'),
  feeLocked: () => error(409, 'feeLocked', 'registration_fee'),
  sportLocked: () => error(409, 'sportLocked', 'sport'),
  limitBelowCount: () => error(409, 'limitBelowCount', 'total_participant_limit'),
  registrationNotFound: () => error(404, 'registrationNotFound'),
  cannotCancelRegistration: () => error(409, 'cannotCancelRegistration'),
  statusNotAllowed: () => error(409, 'statusNotAllowed'),
  /** 409: unpaid, cancelled, expired or no-show: holds no place to check in (decision 50). */
  checkInNotAllowed: () => error(409, 'checkInNotAllowed'),
  answersInvalid: () => error(400, 'answersInvalid', 'answers'),
  dobMismatch: () => error(400, 'dobMismatch', 'dob'),
  academyUnavailable: () => error(409, 'academyUnavailable'),
  approvalNotFound: () => error(404, 'approvalNotFound'),
  approvalClosed: () => error(409, 'approvalClosed'),
  notYourPendingPayment: () => error(409, 'notYourPendingPayment'),
  /** 409: the requirements' answers refer to them, so they stay once anyone registered. */
  requirementsLocked: () => error(409, 'requirementsLocked', 'requirements'),
  /** 400: a file part other than the poster (`image`). */
  posterField: () =>
    new AppError(400, ERROR_CODES.validation, 'Attach the poster as image', {
      image: 'Attach the poster as image',
    }),
  /** 502: the provider could not start the transaction; the hold was released. */
  paymentsUnavailable: () =>
    new AppError(502, PAYMENTS_ERRORS.unavailable, PAYMENT_MESSAGES.unavailable),
};
