import {
  MESSAGES,
  PAYMENT_MESSAGES,
  PAYMENTS_ERRORS,
  TRIAL_MESSAGES,
  TRIALS_ERRORS,
} from '@touchline/shared';
import { ApiError } from '@/lib/api-client';

export { fieldErrors } from '@/lib/field-errors';

const byCode = new Map<string, string>([
  ...Object.entries(TRIALS_ERRORS).map(
    ([key, code]) => [code, TRIAL_MESSAGES[key as keyof typeof TRIALS_ERRORS]] as const,
  ),
  ...Object.entries(PAYMENTS_ERRORS).map(
    ([key, code]) => [code, PAYMENT_MESSAGES[key as keyof typeof PAYMENTS_ERRORS]] as const,
  ),
]);

export const SERVER_ERROR = MESSAGES.serverErrorTryLater;

/**
 * What a failed trial or payment call says: the shared text of its code, else the server's message
 * for a 4xx, else 'Server error try again later'.
 */
export function errorText(error: unknown): string {
  if (error instanceof ApiError) {
    const known = error.code ? byCode.get(error.code) : undefined;
    if (known) return known;
    if (error.status < 500 && error.message) return error.message;
  }
  return SERVER_ERROR;
}
