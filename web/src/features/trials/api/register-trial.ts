import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RegisterBodyInput, RegisterResponse } from '@touchline/shared';
import { registerResponseSchema } from '@touchline/shared';
import { api } from '@/lib/api-client';
import { offerPushAfter } from '@/lib/push-offer';
import { trialKeys } from './trial-keys';

/**
 * `POST /api/player_trial` — registers the caller: `{id, reference_code, status}` and, for a paid
 * trial, `payment {reference, authorization_url}` (the place is held while payment is pending).
 */
export function registerForTrial(body: RegisterBodyInput): Promise<RegisterResponse> {
  return api.post('player_trial', body, registerResponseSchema);
}

export function useRegisterForTrial() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: registerForTrial,
    onSuccess: () => {
      offerPushAfter('registered');
      return queryClient.invalidateQueries({ queryKey: trialKeys.all });
    },
  });
}
