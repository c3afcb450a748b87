import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ProfileView } from '@touchline/shared';
import { profileViewSchema } from '@touchline/shared';
import { api } from '../../../lib/api-client';

/** `GET /api/profile` (own) or `GET /api/profile/{id}`; 404 for unknown, blocked or inactive. */
export function getProfile(userId: string | null): Promise<ProfileView> {
  return api.get(userId ? `profile/${userId}` : 'profile', { schema: profileViewSchema });
}

export const profileKeys = {
  all: ['profile'] as const,
  one: (userId: string | null) => ['profile', userId ?? 'me'] as const,
};

export const profileQueryOptions = (userId: string | null) =>
  queryOptions({ queryKey: profileKeys.one(userId), queryFn: () => getProfile(userId) });

export function useProfile(userId: string | null) {
  return useQuery(profileQueryOptions(userId));
}
