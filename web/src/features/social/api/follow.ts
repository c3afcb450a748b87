import { api } from '../../../lib/api-client';

import type { SocialMutationOptions } from './use-social-mutation';
import { useSocialMutation } from './use-social-mutation';

/** `POST /api/follow {academy}` — follows an academy. */
export function follow(id: string) {
  return api.post('follow', { academy: id });
}

export function useFollow(options: SocialMutationOptions = {}) {
  return useSocialMutation(follow, { ...options });
}
