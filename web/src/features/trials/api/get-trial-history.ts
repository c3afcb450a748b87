import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { TrialHistoryResponse } from '@touchline/shared';
import { trialHistoryResponseSchema } from '@touchline/shared';
import { api } from '@/lib/api-client';
import { trialKeys } from './trial-keys';

/** `GET /api/trial_history?page=` — the player's registrations, newest first. */
export function getTrialHistory(page: number, signal?: AbortSignal): Promise<TrialHistoryResponse> {
  return api.get('trial_history', trialHistoryResponseSchema, { query: { page }, signal });
}

export const trialHistoryQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: trialKeys.history,
    queryFn: ({ pageParam, signal }) => getTrialHistory(pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.has_more ? last.page + 1 : undefined),
    // Statuses change on the server (payments, outcomes, expired holds): fresh on every visit.
    staleTime: 0,
  });

export function useTrialHistory() {
  return useInfiniteQuery(trialHistoryQueryOptions());
}
