import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { AcademyTrialTab, TrialListResponse } from '@touchline/shared';
import { trialListResponseSchema } from '@touchline/shared';
import { api } from '@/lib/api-client';
import { academyTrialKeys } from './academy-trial-keys';

/** `GET /api/academy_trials?tab=&page=`: the caller's own trials of one tab. */
export function getAcademyTrials(
  tab: AcademyTrialTab,
  page: number,
  signal?: AbortSignal,
): Promise<TrialListResponse> {
  return api.get('academy_trials', trialListResponseSchema, { query: { tab, page }, signal });
}

export function useAcademyTrials(tab: AcademyTrialTab) {
  return useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: academyTrialKeys.list(tab),
      queryFn: ({ pageParam, signal }) => getAcademyTrials(tab, pageParam, signal),
      initialPageParam: 1,
      getNextPageParam: (last) => (last.has_more ? last.page + 1 : undefined),
      staleTime: 30_000,
    }),
  );
}
