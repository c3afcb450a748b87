import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { SearchSuggestion } from '@touchline/shared';
import { searchSuggestionSchema } from '@touchline/shared';
import { api } from '@/lib/api-client';

const suggestionsSchema = searchSuggestionSchema.array();

/**
 * `GET /api/search?q=` — up to 8 suggestions (spec §7). A failure is only logged (spec §8); the
 * box then shows nothing. An aborted lookup (the text changed) is not a failure.
 */
export async function getSuggestions(q: string, signal?: AbortSignal): Promise<SearchSuggestion[]> {
  try {
    return await api.get('search', suggestionsSchema, { query: { q }, signal });
  } catch (error) {
    if (!signal?.aborted) console.error('Search suggestions failed', error);
    throw error;
  }
}

export const suggestionsQueryOptions = (q: string) =>
  queryOptions({
    queryKey: ['search', 'suggestions', q],
    queryFn: ({ signal }) => getSuggestions(q, signal),
    enabled: q.length > 0,
    retry: false,
    staleTime: 30_000,
  });

/**
 * Suggestions for the current text. Each text has its own query, so a late answer for an older
 * text never replaces the current one; the previous list stays while the next one loads.
 */
export function useSuggestions(q: string) {
  return useQuery({ ...suggestionsQueryOptions(q), placeholderData: keepPreviousData });
}
