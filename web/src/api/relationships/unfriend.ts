import { messageSchema } from '@touchline/shared';
import { api } from '@/lib/api-client';
import { peopleKeys } from './people-lists';
import type { RelationshipChangeOptions } from './use-relationship-change';
import { useRelationshipChange } from './use-relationship-change';

/** `DELETE /api/friends/{id}`: ends a friendship. */
export function unfriend(userId: string) {
  return api.delete(`friends/${userId}`, messageSchema);
}

export function useUnfriend(options: RelationshipChangeOptions = {}) {
  return useRelationshipChange(unfriend, { ...options, removeFrom: peopleKeys.friends });
}
