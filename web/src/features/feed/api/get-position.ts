import { useQuery } from '@tanstack/react-query';
import { experienceSchema } from '@touchline/shared';
import { api } from '@/lib/api-client';
import { feedKeys } from './feed-keys';

/** The card reads only each entry's position. */
const positionsSchema = experienceSchema.pick({ position: true }).array();

/**
 * `GET /api/user_academy` for the summary card (spec §7): on a 200 with entries, the first
 * entry's position (the server lists current entries first). A failure is only logged (spec §8).
 */
export async function getCurrentPosition(signal?: AbortSignal): Promise<string | null> {
  try {
    const entries = await api.get('user_academy', positionsSchema, { signal });
    const position = entries[0]?.position;
    return position?.trim() ? position : null;
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
