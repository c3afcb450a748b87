import { queryOptions, useQuery } from '@tanstack/react-query';
import { friendSuggestionsSchema } from '@touchline/shared';
import { api } from '@/lib/api-client';
import { peopleKeys } from '@/api/relationships/people-lists';

/** `GET /api/friend_suggestion` — up to 7 people I may know (supplement §3). */
export async function getFriendSuggestions(signal?: AbortSignal) {
  const answer = await api.get('friend_suggestion', friendSuggestionsSchema, { signal });
  return answer.results;
}

export const friendSuggestionsQueryOptions = () =>
  queryOptions({
    queryKey: peopleKeys.suggestions,
    queryFn: ({ signal }) => getFriendSuggestions(signal),
  });

export function useFriendSuggestions() {
  return useQuery(friendSuggestionsQueryOptions());
}
