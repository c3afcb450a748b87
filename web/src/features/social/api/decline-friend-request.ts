import { api } from '../../../lib/api-client';
import { FRIEND_REQUESTS_KEY } from './get-friend-requests';
import type { SocialMutationOptions } from './use-social-mutation';
import { useSocialMutation } from './use-social-mutation';

/** `POST /api/friend_request_decline/{fromUserId}`. */
export function declineFriendRequest(id: string) {
  return api.post(`friend_request_decline/${id}`);
}

export function useDeclineFriendRequest(options: SocialMutationOptions = {}) {
  return useSocialMutation(declineFriendRequest, { ...options, removeFrom: FRIEND_REQUESTS_KEY });
}
