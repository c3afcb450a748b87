import { api } from '../../../lib/api-client';
import { FRIENDS_KEY } from './get-friends';
import type { SocialMutationOptions } from './use-social-mutation';
import { useSocialMutation } from './use-social-mutation';

/** `DELETE /api/friends/{id}` — ends a friendship. */
export function unfriend(id: string) {
  return api.delete(`friends/${id}`);
}

export function useUnfriend(options: SocialMutationOptions = {}) {
  return useSocialMutation(unfriend, { ...options, removeFrom: FRIENDS_KEY });
}
