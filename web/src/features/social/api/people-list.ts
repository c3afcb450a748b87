import type { QueryKey } from '@tanstack/react-query';
import { infiniteQueryOptions } from '@tanstack/react-query';
import { peoplePageSchema } from '@touchline/shared';
import type { PeoplePage } from '@/api/relationships/people-lists';

export type { PeoplePage };
import { api } from '@/lib/api-client';

export const PAGE_SIZE = 30;

/** One page of a people list (`?before=<next>&limit=`). */
export function getPeoplePage(
  path: string,
  before: string | undefined,
  signal?: AbortSignal,
  query: Record<string, string | undefined> = {},
): Promise<PeoplePage> {
  return api.get(path, peoplePageSchema, { query: { ...query, before, limit: PAGE_SIZE }, signal });
}

/** Query options of a cursor-paged people list (`key` from `peopleKeys`). */
export const peopleListOptions = (
  key: QueryKey,
  path: string,
  query: Record<string, string | undefined> = {},
) =>
  infiniteQueryOptions({
    queryKey: key,
    queryFn: ({ pageParam, signal }) => getPeoplePage(path, pageParam, signal, query),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next ?? undefined,
  });
