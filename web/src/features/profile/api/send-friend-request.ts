import { api } from '../../../lib/api-client';
import { useRelationshipMutation } from './relationship-mutation';

/** `POST /api/friend_request {to_user}` (accepts theirs when they already asked). */
export function sendFriendRequest(userId: string) {
  return api.post('friend_request', { to_user: userId });
}

export function useSendFriendRequest(userId: string) {
  return useRelationshipMutation(userId, sendFriendRequest);
}
