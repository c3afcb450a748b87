import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { HomeResponse } from '@touchline/shared';
import { homeResponseSchema } from '@touchline/shared';
import { api } from '@/lib/api-client';
import { feedKeys } from './feed-keys';

/** The home feed is read again when the screen is opened after this long. */
const HOME_STALE_MS = 30_000;

/** A home page asked for by number (the snapshot) or by cursor (the network past it). */
export type HomePageParam = { page: number } | { before: string };

/**
 * `GET /api/home?page=N`: page 1 re-anchors the feed on the server, later pages are stable; past
 * the numbered pages, `?before=<next>` continues through the network (decision 67).
 */
export function getHome(param: HomePageParam, signal?: AbortSignal): Promise<HomeResponse> {
  return api.get('home', homeResponseSchema, { query: param, signal });
}

/** The numbered pages first; when they end, the cursor the last one answered, if any. */
export function nextHomePage(last: HomeResponse): HomePageParam | undefined {
  if (last.page !== null && last.has_more) return { page: last.page + 1 };
  return last.next ? { before: last.next } : undefined;
}

export const homeQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: feedKeys.home,
    queryFn: ({ pageParam, signal }) => getHome(pageParam, signal),
    initialPageParam: { page: 1 } as HomePageParam,
    getNextPageParam: nextHomePage,
    staleTime: HOME_STALE_MS,
  });

export function useHomeFeed() {
  return useInfiniteQuery(homeQueryOptions());
}
