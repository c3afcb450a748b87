import { MESSAGES, PAYMENT_MESSAGES, PAYMENTS_ERRORS } from '@touchline/shared';
import { ApiError } from '@/lib/api-client';

const byCode = new Map<string, string>(
  Object.entries(PAYMENTS_ERRORS).map(
    ([key, code]) => [code, PAYMENT_MESSAGES[key as keyof typeof PAYMENTS_ERRORS]] as const,
  ),
);

/** A failed payment call's text: the shared text of its code, the 4xx message, or the 5xx line. */
export function paymentErrorText(error: unknown): string {
  if (error instanceof ApiError) {
    const known = error.code ? byCode.get(error.code) : undefined;
    if (known) return known;
    if (error.status < 500 && error.message) return error.message;
  }
  return MESSAGES.serverErrorTryLater;
}

export const isNotFound = (error: unknown) => error instanceof ApiError && error.status === 404;
