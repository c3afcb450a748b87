import { useMutation } from '@tanstack/react-query';
import { googleResponseSchema } from '@touchline/shared';
import { api } from '@/lib/api-client';

/**
 * `POST /api/google {access_token}` with the Google ID-token credential: signs a player in, or
 * up (`created`). The API client never refreshes on this path (spec §7).
 */
export function googleSignIn(credential: string) {
  return api.post('google', { access_token: credential }, googleResponseSchema);
}

export function useGoogleSignIn() {
  return useMutation({ mutationFn: googleSignIn });
}
