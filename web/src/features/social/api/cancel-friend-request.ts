import { api } from '../../../lib/api-client';
import { SENT_REQUESTS_KEY } from './get-sent-requests';
import type { SocialMutationOptions } from './use-social-mutation';
import { useSocialMutation } from './use-social-mutation';

/** `POST /api/cancel_request/{toUserId}` — withdraws a request I sent. */
export function cancelFriendRequest(id: string) {
  return api.post(`cancel_request/${id}`);
}

export function useCancelFriendRequest(options: SocialMutationOptions = {}) {
  return useSocialMutation(cancelFriendRequest, { ...options, removeFrom: SENT_REQUESTS_KEY });
}
