import { messageSchema } from '@touchline/shared';
import { api } from '@/lib/api-client';
import { peopleKeys } from './people-lists';
import type { RelationshipChangeOptions } from './use-relationship-change';
import { useRelationshipChange } from './use-relationship-change';

/** `POST /api/cancel_request/{toUserId}`: withdraws a request the caller sent. */
export function cancelFriendRequest(userId: string) {
  return api.post(`cancel_request/${userId}`, undefined, messageSchema);
}

export function useCancelFriendRequest(options: RelationshipChangeOptions = {}) {
  return useRelationshipChange(cancelFriendRequest, {
    ...options,
    removeFrom: peopleKeys.sentRequests,
  });
}
