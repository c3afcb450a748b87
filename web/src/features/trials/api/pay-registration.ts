import { useMutation } from '@tanstack/react-query';
import { startPaymentSchema } from '@touchline/shared';
import { api } from '@/lib/api-client';

/**
 * `POST /api/player_trial/{id}/payment` — opens (or reuses) the payment of the caller's
 * registration holding a place: a promotion from the waitlist opens none (decision 49).
 */
export function payRegistration(registrationId: string) {
  return api.post(
    `player_trial/${encodeURIComponent(registrationId)}/payment`,
    {},
    startPaymentSchema,
  );
}

export function usePayRegistration() {
  return useMutation({ mutationFn: payRegistration });
}
