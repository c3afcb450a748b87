import { useInfiniteQuery } from '@tanstack/react-query';
import { peopleKeys } from '@/api/relationships/people-lists';
import { peopleListOptions } from './people-list';

/** `GET /api/friend_request` — requests I received. */
export const friendRequestsQueryOptions = () =>
  peopleListOptions(peopleKeys.friendRequests, 'friend_request');

export function useFriendRequests() {
  return useInfiniteQuery(friendRequestsQueryOptions());
}
