import { messageSchema } from '@touchline/shared';
import { api } from '@/lib/api-client';
import { peopleKeys } from './people-lists';
import type { RelationshipChangeOptions } from './use-relationship-change';
import { useRelationshipChange } from './use-relationship-change';

/** `POST /api/unfollow {academy}`: stops following an academy. */
export function unfollow(userId: string) {
  return api.post('unfollow', { academy: userId }, messageSchema);
}

export function useUnfollow(options: RelationshipChangeOptions = {}) {
  return useRelationshipChange(unfollow, { ...options, removeFrom: peopleKeys.following });
}
