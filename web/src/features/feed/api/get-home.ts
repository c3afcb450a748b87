import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { HomeResponse } from '@touchline/shared';
import { homeResponseSchema } from '@touchline/shared';
import { api } from '@/lib/api-client';
import { feedKeys } from './feed-keys';

/** The home feed is read again when the screen is opened after this long. */
const HOME_STALE_MS = 30_000;

/** `GET /api/home?page=N`: page 1 re-anchors the feed on the server, later pages are stable. */
export function getHome(page: number, signal?: AbortSignal): Promise<HomeResponse> {
  return api.get('home', homeResponseSchema, { query: { page }, signal });
}

export const homeQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: feedKeys.home,
    queryFn: ({ pageParam, signal }) => getHome(pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.has_more ? last.page + 1 : undefined),
    staleTime: HOME_STALE_MS,
  });

export function useHomeFeed() {
  return useInfiniteQuery(homeQueryOptions());
}
