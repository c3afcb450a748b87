import { useInfiniteQuery } from '@tanstack/react-query';
import { peopleKeys } from '@/api/relationships/people-lists';
import { peopleListOptions } from './people-list';

/** `GET /api/friends` — my friends, newest friendship first. */
export const friendsQueryOptions = () => peopleListOptions(peopleKeys.friends, 'friends');

export function useFriends() {
  return useInfiniteQuery(friendsQueryOptions());
}
