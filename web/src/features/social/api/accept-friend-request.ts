import { api } from '../../../lib/api-client';
import { FRIEND_REQUESTS_KEY } from './get-friend-requests';
import type { SocialMutationOptions } from './use-social-mutation';
import { useSocialMutation } from './use-social-mutation';

/** `POST /api/friend_request_accept/{fromUserId}`. */
export function acceptFriendRequest(id: string) {
  return api.post(`friend_request_accept/${id}`);
}

export function useAcceptFriendRequest(options: SocialMutationOptions = {}) {
  return useSocialMutation(acceptFriendRequest, { ...options, removeFrom: FRIEND_REQUESTS_KEY });
}
