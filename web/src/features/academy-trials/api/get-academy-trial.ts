import { useQuery } from '@tanstack/react-query';
import type { TrialView } from '@touchline/shared';
import { trialSchema } from '@touchline/shared';
import { api } from '@/lib/api-client';
import { academyTrialKeys } from './academy-trial-keys';

/** `GET /api/trial/{id}` (404 when unknown). */
export function getAcademyTrial(id: string, signal?: AbortSignal): Promise<TrialView> {
  return api.get(`trial/${encodeURIComponent(id)}`, trialSchema, { signal });
}

export function useAcademyTrial(id: string) {
  return useQuery({
    queryKey: academyTrialKeys.one(id),
    queryFn: ({ signal }) => getAcademyTrial(id, signal),
    staleTime: 30_000,
  });
}
