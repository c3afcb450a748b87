import { useMutation, useQuery } from '@tanstack/react-query';
import { messageSchema, sessionUserSchema } from '@touchline/shared';
import { api } from '@/lib/api-client';

import { meConsentKey } from '@/api/consent';

export const consentKeys = { me: meConsentKey };

/** `GET /api/me`: the signed-in player's `consent_status` (supplement §14). */
export function useMyConsent(enabled: boolean) {
  return useQuery({
    queryKey: consentKeys.me,
    queryFn: () => api.get('me', sessionUserSchema),
    enabled,
    staleTime: 60_000,
  });
}

/** `POST /api/guardian/resend`: the child asks for the consent e-mail again (3 an hour). */
export function useResendToGuardian() {
  return useMutation({ mutationFn: () => api.post('guardian/resend', {}, messageSchema) });
}
