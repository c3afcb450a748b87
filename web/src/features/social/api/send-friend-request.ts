import { api } from '../../../lib/api-client';

import type { SocialMutationOptions } from './use-social-mutation';
import { useSocialMutation } from './use-social-mutation';

/** `POST /api/friend_request {to_user}` — asks a player to be friends (or accepts their request). */
export function sendFriendRequest(id: string) {
  return api.post('friend_request', { to_user: id });
}

export function useSendFriendRequest(options: SocialMutationOptions = {}) {
  return useSocialMutation(sendFriendRequest, { ...options });
}
