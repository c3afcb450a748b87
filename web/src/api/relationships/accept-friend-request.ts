import { messageSchema } from '@touchline/shared';
import { api } from '@/lib/api-client';
import { peopleKeys } from './people-lists';
import type { RelationshipChangeOptions } from './use-relationship-change';
import { useRelationshipChange } from './use-relationship-change';

/** `POST /api/friend_request_accept/{fromUserId}`. */
export function acceptFriendRequest(userId: string) {
  return api.post(`friend_request_accept/${userId}`, undefined, messageSchema);
}

export function useAcceptFriendRequest(options: RelationshipChangeOptions = {}) {
  return useRelationshipChange(acceptFriendRequest, {
    ...options,
    removeFrom: peopleKeys.friendRequests,
  });
}
