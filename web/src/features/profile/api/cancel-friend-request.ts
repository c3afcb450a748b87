import { api } from '../../../lib/api-client';
import { useRelationshipMutation } from './relationship-mutation';

/** `POST /api/cancel_request/{toUserId}`: the sender takes the request back. */
export function cancelFriendRequest(userId: string) {
  return api.post(`cancel_request/${userId}`);
}

export function useCancelFriendRequest(userId: string) {
  return useRelationshipMutation(userId, cancelFriendRequest);
}
