import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TrialView } from '@touchline/shared';
import { trialSchema } from '@touchline/shared';
import { api } from '@/lib/api-client';
import { trialKeys } from './trial-keys';

/** `GET /api/trial/{id}` — the trial with the caller's `my_registration` (404 when unknown). */
export function getTrial(id: string, signal?: AbortSignal): Promise<TrialView> {
  return api.get(`trial/${encodeURIComponent(id)}`, trialSchema, { signal });
}

/**
 * Fresh on every visit: the player's registration changes on the server (a payment confirmed by
 * the provider, the academy's outcome, an expired hold), not only through this tab.
 */
export const trialQueryOptions = (id: string) =>
  queryOptions({
    queryKey: trialKeys.one(id),
    queryFn: ({ signal }) => getTrial(id, signal),
    staleTime: 0,
  });

export function useTrial(id: string) {
  return useQuery(trialQueryOptions(id));
}
