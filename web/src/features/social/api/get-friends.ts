import { useInfiniteQuery } from '@tanstack/react-query';
import { peopleListOptions } from './people-list';

export const FRIENDS_KEY = ['friends'] as const;

/** `GET /api/friends` — my friends, newest friendship first. */
export const friendsQueryOptions = () => peopleListOptions(FRIENDS_KEY, 'friends');

export function useFriends() {
  return useInfiniteQuery(friendsQueryOptions());
}
