import { useQuery } from '@tanstack/react-query';
import { sessionUserSchema } from '@touchline/shared';
import { api } from '@/lib/api-client';

/**
 * `GET /api/me`: the signed-in player's `consent_status` (supplement §14). A minor whose guardian
 * consented registers for the guardian to approve and pay (decision 42). The same cache entry as
 * the consent banner's.
 */
export function useMyConsentStatus() {
  return useQuery({
    queryKey: ['me', 'consent'] as const,
    queryFn: ({ signal }) => api.get('me', sessionUserSchema, { signal }),
    staleTime: 60_000,
    retry: false,
  });
}
