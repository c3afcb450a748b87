import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { searchResultsSchema } from '@touchline/shared';
import { api } from '../../../lib/api-client';

export type SearchTab = 'all' | 'players' | 'academies' | 'trials';
export type SearchResultsPage = ReturnType<typeof searchResultsSchema.parse>;
export type SearchResult = SearchResultsPage['results'][number];

/** `GET /api/search/results?q=&type=&page=` — one page of full results (supplement §9). */
export function getSearchResults(
  q: string,
  type: SearchTab,
  page: number,
  signal?: AbortSignal,
): Promise<SearchResultsPage> {
  return api.get('search/results', {
    query: { q, type, page },
    signal,
    schema: searchResultsSchema,
  });
}

/** Every results query starts with this key (invalidate it after a friend or follow change). */
export const SEARCH_RESULTS_KEY = ['search', 'results'] as const;

export const searchResultsQueryOptions = (q: string, type: SearchTab) =>
  infiniteQueryOptions({
    queryKey: [...SEARCH_RESULTS_KEY, q, type],
    queryFn: ({ pageParam, signal }) => getSearchResults(q, type, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.has_more ? last.page + 1 : undefined),
    enabled: q.length > 0,
  });

export function useSearchResults(q: string, type: SearchTab) {
  return useInfiniteQuery(searchResultsQueryOptions(q, type));
}
