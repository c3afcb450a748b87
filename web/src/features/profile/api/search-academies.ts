import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** A registered academy found by name: its user id, name and 'district, state'. */
export type AcademyHit = { id: string; name: string; subtitle: string };

/** `GET /api/search/results?q=&type=academies`: registered academies for the experience form. */
export async function searchAcademies(q: string): Promise<AcademyHit[]> {
  const answer = await api.get<{ results: AcademyHit[] }>('search/results', {
    query: { q, type: 'academies' },
  });
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
