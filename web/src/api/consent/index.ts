import { useQuery } from '@tanstack/react-query';
import { sessionUserSchema } from '@touchline/shared';
import { useSnapshot } from 'valtio';
import { api } from '@/lib/api-client';
import { session } from '@/lib/session';

/** `GET /api/me` as the consent banner reads it (one cache entry: the same key and call). */
export const meConsentKey = ['me', 'consent'] as const;

/**
 * True while the signed-in player is a child awaiting a guardian's consent (supplement §14): the
 * screens then leave out what the server would refuse (posting, liking, commenting, messaging,
 * registering) and say why instead. False for everyone else, and until `/api/me` answers.
 */
export function useAwaitingConsent(): boolean {
  const { role } = useSnapshot(session);
  const me = useQuery({
    queryKey: meConsentKey,
    queryFn: () => api.get('me', sessionUserSchema),
    enabled: role === 'player',
    staleTime: 60_000,
  });
  return role === 'player' && me.data?.consent_status === 'awaiting_consent';
}
