import { messageSchema } from '@touchline/shared';
import { api } from '@/lib/api-client';
import { peopleKeys } from './people-lists';
import type { RelationshipChangeOptions } from './use-relationship-change';
import { useRelationshipChange } from './use-relationship-change';

/** `POST /api/friend_request_decline/{fromUserId}`. */
export function declineFriendRequest(userId: string) {
  return api.post(`friend_request_decline/${userId}`, undefined, messageSchema);
}

export function useDeclineFriendRequest(options: RelationshipChangeOptions = {}) {
  return useRelationshipChange(declineFriendRequest, {
    ...options,
    removeFrom: peopleKeys.friendRequests,
  });
}
