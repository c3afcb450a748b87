import { api } from '../../../lib/api-client';
import { useRelationshipMutation } from './relationship-mutation';

/** `DELETE /api/friends/{id}`: ends a friendship. */
export function unfriend(userId: string) {
  return api.delete(`friends/${userId}`);
}

export function useUnfriend(userId: string) {
  return useRelationshipMutation(userId, unfriend);
}
