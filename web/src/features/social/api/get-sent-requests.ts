import { useInfiniteQuery } from '@tanstack/react-query';
import { peopleKeys } from '@/api/relationships/people-lists';
import { peopleListOptions } from './people-list';

/** `GET /api/sent_request_list` — requests I sent and are still pending. */
export const sentRequestsQueryOptions = () =>
  peopleListOptions(peopleKeys.sentRequests, 'sent_request_list');

export function useSentRequests() {
  return useInfiniteQuery(sentRequestsQueryOptions());
}
