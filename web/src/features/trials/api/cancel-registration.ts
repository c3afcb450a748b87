import { useMutation, useQueryClient } from '@tanstack/react-query';
import { messageSchema, registrationSchema } from '@touchline/shared';
import { api } from '@/lib/api-client';
import { trialKeys } from './trial-keys';

/** The answer carries a message or the updated registration. */
const cancelAnswerSchema = messageSchema.or(registrationSchema);

/** `DELETE /api/player_trial/{id}` — the player cancels before the deadline (refund if paid). */
export function cancelRegistration(registrationId: string) {
  return api.delete(`player_trial/${encodeURIComponent(registrationId)}`, cancelAnswerSchema);
}

export function useCancelRegistration() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelRegistration,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: trialKeys.all }),
  });
}
