import { api } from '../../../lib/api-client';
import { FOLLOWING_KEY } from './get-following';
import type { SocialMutationOptions } from './use-social-mutation';
import { useSocialMutation } from './use-social-mutation';

/** `POST /api/unfollow {academy}` — stops following an academy. */
export function unfollow(id: string) {
  return api.post('unfollow', { academy: id });
}

export function useUnfollow(options: SocialMutationOptions = {}) {
  return useSocialMutation(unfollow, { ...options, removeFrom: FOLLOWING_KEY });
}
