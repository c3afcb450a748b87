import { useInfiniteQuery } from '@tanstack/react-query';
import { peopleListOptions } from './people-list';

export const FRIEND_REQUESTS_KEY = ['friend-requests'] as const;

/** `GET /api/friend_request` — requests I received. */
export const friendRequestsQueryOptions = () =>
  peopleListOptions(FRIEND_REQUESTS_KEY, 'friend_request');

export function useFriendRequests() {
  return useInfiniteQuery(friendRequestsQueryOptions());
}
