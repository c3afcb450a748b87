import type { InfiniteData, QueryClient, QueryKey } from '@tanstack/react-query';
import { infiniteQueryOptions } from '@tanstack/react-query';
import type { Person } from '@touchline/shared';
import { peoplePageSchema } from '@touchline/shared';
import { api } from '../../../lib/api-client';

export type PeoplePage = { results: Person[]; next: string | null };

/** Every social query starts with this key; a friend or follow change invalidates them all. */
export const SOCIAL_KEY = ['social'] as const;

export const PAGE_SIZE = 30;

/** One page of a people list (`?before=<next>&limit=`). */
export function getPeoplePage(
  path: string,
  before: string | undefined,
  signal?: AbortSignal,
  query: Record<string, string | undefined> = {},
): Promise<PeoplePage> {
  return api.get(path, {
    query: { ...query, before, limit: PAGE_SIZE },
    signal,
    schema: peoplePageSchema,
  });
}

/** Query options of a cursor-paged people list. */
export const peopleListOptions = (
  key: QueryKey,
  path: string,
  query: Record<string, string | undefined> = {},
) =>
  infiniteQueryOptions({
    queryKey: [...SOCIAL_KEY, ...key],
    queryFn: ({ pageParam, signal }) => getPeoplePage(path, pageParam, signal, query),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next ?? undefined,
  });

/**
 * Takes a person out of a cached list at once (an optimistic update); answers what to put back
 * if the call fails.
 */
export async function removeFromList(queryClient: QueryClient, key: QueryKey, id: string) {
  const fullKey = [...SOCIAL_KEY, ...key];
  await queryClient.cancelQueries({ queryKey: fullKey });
  const previous = queryClient.getQueryData<InfiniteData<PeoplePage>>(fullKey);
  if (previous) {
    queryClient.setQueryData<InfiniteData<PeoplePage>>(fullKey, {
      ...previous,
      pages: previous.pages.map((page) => ({
        ...page,
        results: page.results.filter((person) => person.id !== id),
      })),
    });
  }
  return () => queryClient.setQueryData(fullKey, previous);
}
