import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { feedKeys } from './feed-keys';

/**
 * `GET /api/user_academy` for the summary card (spec §7): on a 200 with entries, the first
 * entry's position (the server lists current entries first). A failure is only logged (spec §8).
 */
export async function getCurrentPosition(signal?: AbortSignal): Promise<string | null> {
  try {
    const entries = await api.get<unknown>('user_academy', { signal });
    if (!Array.isArray(entries) || entries.length === 0) return null;
    const position = (entries[0] as { position?: unknown }).position;
    return typeof position === 'string' && position.trim() ? position : null;
  } catch (error) {
    if (!signal?.aborted) console.error('Could not load the position', error);
    return null;
  }
}

export function useCurrentPosition(enabled: boolean) {
  return useQuery({
    queryKey: feedKeys.position,
    queryFn: ({ signal }) => getCurrentPosition(signal),
    enabled,
    retry: false,
  });
}
