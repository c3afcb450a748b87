import { useMutation } from '@tanstack/react-query';
import { messageSchema } from '@touchline/shared';
import { api } from '@/lib/api-client';

/** `POST /api/block/{id}`: ends friendship and follow; the profile is then hidden both ways. */
export function blockUser(userId: string) {
  return api.post(`block/${userId}`, undefined, messageSchema);
}

/**
 * Nothing is refetched here: the page leaves the profile at once, and fetching it again now
 * would only flash 'Profile not available' first.
 */
export function useBlockUser() {
  return useMutation({ mutationFn: blockUser });
}
