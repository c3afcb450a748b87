import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { loadLoginSchemas } from '../lib/load-login-schemas';

/**
 * `POST /api/google {access_token}` with the Google ID-token credential: signs a player in, or
 * up (`created`). The API client never refreshes on this path (spec §7).
 */
export async function googleSignIn(credential: string) {
  const { googleResponseSchema } = await loadLoginSchemas();
  return api.post('google', { access_token: credential }, googleResponseSchema);
}

export function useGoogleSignIn() {
  return useMutation({ mutationFn: googleSignIn });
}
