import { messageSchema } from '@touchline/shared';
import { api } from '@/lib/api-client';
import type { RelationshipChangeOptions } from './use-relationship-change';
import { useRelationshipChange } from './use-relationship-change';

/** `POST /api/follow {academy}`: a player follows an academy. */
export function follow(userId: string) {
  return api.post('follow', { academy: userId }, messageSchema);
}

export function useFollow(options: RelationshipChangeOptions = {}) {
  return useRelationshipChange(follow, options);
}
