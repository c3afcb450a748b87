import type { InfiniteData, QueryClient, QueryKey } from '@tanstack/react-query';
import type { Person } from '@touchline/shared';

export type PeoplePage = { results: Person[]; next: string | null };

/** Every people list (friends, requests, follows, suggestions) starts with this key. */
export const PEOPLE_KEY = ['social'] as const;

/** The cached people lists a relationship change can take someone out of. */
export const peopleKeys = {
  friends: [...PEOPLE_KEY, 'friends'] as const,
  friendRequests: [...PEOPLE_KEY, 'friend-requests'] as const,
  sentRequests: [...PEOPLE_KEY, 'sent-requests'] as const,
  following: [...PEOPLE_KEY, 'following'] as const,
  suggestions: [...PEOPLE_KEY, 'suggestions'] as const,
};

/**
 * Takes a person out of a cached list at once (an optimistic update); answers what to put back
 * if the call fails.
 */
export async function removeFromPeopleList(queryClient: QueryClient, key: QueryKey, id: string) {
  await queryClient.cancelQueries({ queryKey: key });
  const previous = queryClient.getQueryData<InfiniteData<PeoplePage>>(key);
  if (previous) {
    queryClient.setQueryData<InfiniteData<PeoplePage>>(key, {
      ...previous,
      pages: previous.pages.map((page) => ({
        ...page,
        results: page.results.filter((person) => person.id !== id),
      })),
    });
  }
  return () => queryClient.setQueryData(key, previous);
}
