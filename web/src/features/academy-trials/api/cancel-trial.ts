import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TrialView } from '@touchline/shared';
import { trialSchema } from '@touchline/shared';
import { api } from '@/lib/api-client';
import { academyTrialKeys } from './academy-trial-keys';

/** `DELETE /api/trial/{id}?reason=` → the cancelled trial (registrants are refunded and told). */
export function cancelTrial(id: string, reason: string): Promise<TrialView> {
  return api.delete(`trial/${encodeURIComponent(id)}`, trialSchema, { query: { reason } });
}

export function useCancelTrial(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (reason: string) => cancelTrial(id, reason),
    onSuccess: (trial) => {
      queryClient.setQueryData(academyTrialKeys.one(id), trial);
      void queryClient.invalidateQueries({ queryKey: academyTrialKeys.lists });
      void queryClient.invalidateQueries({ queryKey: academyTrialKeys.registrants(id) });
    },
  });
}
