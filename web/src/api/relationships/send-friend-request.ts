import { friendRequestResponseSchema } from '@touchline/shared';
import { api } from '@/lib/api-client';
import type { RelationshipChangeOptions } from './use-relationship-change';
import { useRelationshipChange } from './use-relationship-change';

/** `POST /api/friend_request {to_user}`: asks a player to be friends (or accepts their request). */
export function sendFriendRequest(userId: string) {
  return api.post('friend_request', { to_user: userId }, friendRequestResponseSchema);
}

export function useSendFriendRequest(options: RelationshipChangeOptions = {}) {
  return useRelationshipChange(sendFriendRequest, options);
}
