import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import type { RegistrantList } from '@touchline/shared';
import { registrantListSchema } from '@touchline/shared';
import type { ResponseSchema } from '@/lib/api-client';
import { api } from '@/lib/api-client';
import { academyTrialKeys } from './academy-trial-keys';

/**
 * `GET /api/players_in_trial_list/{trialId}?after=&q=`: a page of registrants with their answers
 * (oldest first), searched by `q` on the server, with the whole list's total and attendance.
 */
export function getRegistrants(
  trialId: string,
  page: { after?: string; q?: string } = {},
  signal?: AbortSignal,
): Promise<RegistrantList> {
  return api.get(`players_in_trial_list/${encodeURIComponent(trialId)}`, registrantListSchema, {
    query: { after: page.after, q: page.q || undefined },
    signal,
  });
}

/**
 * The registrants table's pages for one search (`q`, '' for all). While a new search loads, the
 * rows of the last one stay on screen (the table narrows them at once as the academy types).
 */
export function useRegistrants(trialId: string, q = '') {
  return useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: academyTrialKeys.registrantsSearch(trialId, q),
      queryFn: ({ pageParam, signal }) =>
        getRegistrants(trialId, { after: pageParam ?? undefined, q }, signal),
      initialPageParam: null as string | null,
      getNextPageParam: (last) => last.next ?? undefined,
      placeholderData: keepPreviousData,
      staleTime: 15_000,
    }),
  );
}

/** A CSV answer is text, not JSON: the client hands it over as it came. */
const csvText: ResponseSchema<string> = {
  parse: (data) => {
    if (typeof data !== 'string') throw new TypeError('Expected a CSV file');
    return data;
  },
};

/** `GET /api/players_in_trial_list/{trialId}?format=csv`: the whole list's CSV text. */
export function getRegistrantsCsv(trialId: string): Promise<string> {
  return api.get(`players_in_trial_list/${encodeURIComponent(trialId)}`, csvText, {
    query: { format: 'csv' },
    headers: { Accept: 'text/csv' },
  });
}
