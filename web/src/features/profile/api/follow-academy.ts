import { api } from '../../../lib/api-client';
import { useRelationshipMutation } from './relationship-mutation';

/** `POST /api/follow {academy}`: a player follows an academy. */
export function followAcademy(userId: string) {
  return api.post('follow', { academy: userId });
}

export function useFollowAcademy(userId: string) {
  return useRelationshipMutation(userId, followAcademy);
}
