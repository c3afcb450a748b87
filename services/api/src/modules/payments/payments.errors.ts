import { ERROR_CODES, PAYMENT_MESSAGES, PAYMENTS_ERRORS } from '@touchline/shared';
import { AppError } from '../../lib/app-error';

/**
 * Payments. A payment someone may not see reads as missing (404), like an unknown reference; a
 * webhook whose signature does not verify is refused (401) before anything is read or written.
 */
export const paymentsErrors = {
  unavailable: () => new AppError(502, PAYMENTS_ERRORS.unavailable, PAYMENT_MESSAGES.unavailable),
  notFound: () => new AppError(404, PAYMENTS_ERRORS.notFound, PAYMENT_MESSAGES.notFound),
  badSignature: () =>
    new AppError(401, PAYMENTS_ERRORS.badSignature, PAYMENT_MESSAGES.badSignature),
  sandboxDisabled: () =>
    new AppError(404, PAYMENTS_ERRORS.sandboxDisabled, PAYMENT_MESSAGES.sandboxDisabled),
  /** The webhook of a provider that is not the configured one. */
  providerDisabled: () =>
    new AppError(404, ERROR_CODES.notFound, 'This payment provider is not configured'),
  notAnEvent: () => new AppError(400, ERROR_CODES.badRequest, 'Not a payment event'),
  /** The provider could not confirm the event now: it retries the webhook later. */
  retryLater: () => new AppError(503, PAYMENTS_ERRORS.unavailable, PAYMENT_MESSAGES.unavailable),
};
