import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ProfileView } from '@touchline/shared';
import { profileViewSchema } from '@touchline/shared';
import { api } from '../../../lib/api-client';
import { feedKeys } from './feed-keys';

/**
 * `GET /api/profile` (own) or `GET /api/profile/{id}`: who the posts page belongs to (its name
 * and photo when they have not posted yet). 404 for unknown, blocked or inactive people.
 */
export function getAuthor(userId: string | null, signal?: AbortSignal): Promise<ProfileView> {
  return api.get(userId ? `profile/${userId}` : 'profile', { signal, schema: profileViewSchema });
}

export const authorQueryOptions = (userId: string | null) =>
  queryOptions({
    queryKey: [...feedKeys.all, 'author', userId ?? 'me'] as const,
    queryFn: ({ signal }) => getAuthor(userId, signal),
  });

export function useAuthor(userId: string | null) {
  return useQuery(authorQueryOptions(userId));
}
