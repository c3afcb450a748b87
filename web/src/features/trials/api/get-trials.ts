import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import type { TrialListResponse } from '@touchline/shared';
import { trialListResponseSchema } from '@touchline/shared';
import { api } from '@/lib/api-client';
import type { TrialFilters } from './trial-keys';
import { trialKeys } from './trial-keys';

/** `GET /api/trial?search=&sport=&state=&payment=free|paid&page=` — one page of open trials. */
export function getTrials(
  filters: TrialFilters,
  page: number,
  signal?: AbortSignal,
): Promise<TrialListResponse> {
  const query: Record<string, string | number> = { page };
  const search = filters.search.trim();
  if (search) query.search = search;
  if (filters.sport) query.sport = filters.sport;
  if (filters.state) query.state = filters.state;
  if (filters.payment) query.payment = filters.payment;
  return api.get('trial', trialListResponseSchema, { query, signal });
}

export const trialsQueryOptions = (filters: TrialFilters) =>
  infiniteQueryOptions({
    queryKey: trialKeys.list(filters),
    queryFn: ({ pageParam, signal }) => getTrials(filters, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.has_more ? last.page + 1 : undefined),
  });

/** The list keeps showing the previous filter's trials while the new ones load. */
export function useTrials(filters: TrialFilters) {
  return useInfiniteQuery({ ...trialsQueryOptions(filters), placeholderData: keepPreviousData });
}
