import { queryOptions, useQuery } from '@tanstack/react-query';
import { personSchema } from '@touchline/shared';
import { api } from '../../../lib/api-client';
import { SOCIAL_KEY } from './people-list';

const suggestionsSchema = personSchema.array();

/** `GET /api/friend_suggestion` — up to 7 people I may know (supplement §3). */
export async function getFriendSuggestions(signal?: AbortSignal) {
  const answer = await api.get<{ results: unknown }>('friend_suggestion', { signal });
  return suggestionsSchema.parse(answer.results);
}

export const friendSuggestionsQueryOptions = () =>
  queryOptions({
    queryKey: [...SOCIAL_KEY, 'suggestions'],
    queryFn: ({ signal }) => getFriendSuggestions(signal),
  });

export function useFriendSuggestions() {
  return useQuery(friendSuggestionsQueryOptions());
}
