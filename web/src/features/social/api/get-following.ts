import { useInfiniteQuery } from '@tanstack/react-query';
import { peopleListOptions } from './people-list';

export const FOLLOWING_KEY = ['following'] as const;

/** `GET /api/follow` — the academies I follow. */
export const followingQueryOptions = () => peopleListOptions(FOLLOWING_KEY, 'follow');

export function useFollowing() {
  return useInfiniteQuery(followingQueryOptions());
}
