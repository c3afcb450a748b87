import { useInfiniteQuery } from '@tanstack/react-query';
import { peopleKeys } from '@/api/relationships/people-lists';
import { peopleListOptions } from './people-list';

/** `GET /api/follow` — the academies I follow. */
export const followingQueryOptions = () => peopleListOptions(peopleKeys.following, 'follow');

export function useFollowing() {
  return useInfiniteQuery(followingQueryOptions());
}
