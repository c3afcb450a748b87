import {
  infiniteQueryOptions,
  keepPreviousData,
  queryOptions,
  useInfiniteQuery,
  useQuery,
} from '@tanstack/react-query';
import { searchResultsSchema } from '@touchline/shared';
import { api } from '@/lib/api-client';

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
  return api.get('search/results', searchResultsSchema, { query: { q, type, page }, signal });
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

/** A registered academy found by name: its user id, name and 'district, state'. */
export type AcademyHit = { id: string; name: string; subtitle: string };

/** The first page of academies by name, for the experience form's academy picker. */
export async function searchAcademies(q: string): Promise<AcademyHit[]> {
  const answer = await getSearchResults(q, 'academies', 1);
  return answer.results.map(({ id, name, subtitle }) => ({ id, name, subtitle }));
}

export const academySearchQueryOptions = (q: string) =>
  queryOptions({
    queryKey: ['academy-search', q] as const,
    queryFn: () => searchAcademies(q),
    staleTime: 30_000,
  });

export function useAcademySearch(q: string) {
  const term = q.trim();
  return useQuery({
    ...academySearchQueryOptions(term),
    enabled: term.length > 0,
    placeholderData: keepPreviousData,
  });
}
