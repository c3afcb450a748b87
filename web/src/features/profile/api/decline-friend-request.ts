import { api } from '../../../lib/api-client';
import { useRelationshipMutation } from './relationship-mutation';

/** `POST /api/friend_request_decline/{fromUserId}`. */
export function declineFriendRequest(userId: string) {
  return api.post(`friend_request_decline/${userId}`);
}

export function useDeclineFriendRequest(userId: string) {
  return useRelationshipMutation(userId, declineFriendRequest);
}
