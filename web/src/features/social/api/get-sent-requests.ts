import { useInfiniteQuery } from '@tanstack/react-query';
import { peopleListOptions } from './people-list';

export const SENT_REQUESTS_KEY = ['sent-requests'] as const;

/** `GET /api/sent_request_list` — requests I sent and are still pending. */
export const sentRequestsQueryOptions = () =>
  peopleListOptions(SENT_REQUESTS_KEY, 'sent_request_list');

export function useSentRequests() {
  return useInfiniteQuery(sentRequestsQueryOptions());
}
