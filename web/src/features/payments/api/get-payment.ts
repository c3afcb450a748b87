import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PaymentView } from '@touchline/shared';
import { paymentSchema } from '@touchline/shared';
import { api } from '@/lib/api-client';

/** While a payment is pending its page asks again this often (the server verifies each time). */
export const PAYMENT_POLL_MS = 2000;

/**
 * `GET /api/payment/{reference}` — the payer's (or the academy's) view of one attempt; a pending
 * one is verified with the provider first, so asking again is how the outcome arrives.
 */
export function getPayment(reference: string, signal?: AbortSignal): Promise<PaymentView> {
  return api.get(`payment/${encodeURIComponent(reference)}`, paymentSchema, { signal });
}

export const paymentKeys = { one: (reference: string) => ['payments', reference] as const };

export const paymentQueryOptions = (reference: string) =>
  queryOptions({
    queryKey: paymentKeys.one(reference),
    queryFn: ({ signal }) => getPayment(reference, signal),
    enabled: reference.length > 0,
  });

/** The payment, asked again every 2 s while it is pending. */
export function usePayment(reference: string) {
  return useQuery({
    ...paymentQueryOptions(reference),
    refetchInterval: (query) => (query.state.data?.status === 'pending' ? PAYMENT_POLL_MS : false),
  });
}
