import { api } from '../../../lib/api-client';
import { useRelationshipMutation } from './relationship-mutation';

/** `POST /api/friend_request_accept/{fromUserId}`. */
export function acceptFriendRequest(userId: string) {
  return api.post(`friend_request_accept/${userId}`);
}

export function useAcceptFriendRequest(userId: string) {
  return useRelationshipMutation(userId, acceptFriendRequest);
}
