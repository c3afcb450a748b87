import { api } from '../../../lib/api-client';
import { useRelationshipMutation } from './relationship-mutation';

/** `POST /api/unfollow {academy}`. */
export function unfollowAcademy(userId: string) {
  return api.post('unfollow', { academy: userId });
}

export function useUnfollowAcademy(userId: string) {
  return useRelationshipMutation(userId, unfollowAcademy);
}
