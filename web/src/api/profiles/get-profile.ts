import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ProfileResponse, ProfileView } from '@touchline/shared';
import { profileResponseSchema } from '@touchline/shared';
import { api } from '@/lib/api-client';

/**
 * `GET /api/profile` (own) or `GET /api/profile/{id}`; 404 for unknown, blocked or inactive. A
 * minor seen from outside their circle answers the limited card (`limited: true`, §13).
 */
export function getProfile(userId: string | null, signal?: AbortSignal): Promise<ProfileResponse> {
  return api.get(userId ? `profile/${userId}` : 'profile', profileResponseSchema, { signal });
}

export const profileKeys = {
  all: ['profile'] as const,
  one: (userId: string | null) => ['profile', userId ?? 'me'] as const,
};

export const profileQueryOptions = (userId: string | null) =>
  queryOptions({
    queryKey: profileKeys.one(userId),
    queryFn: ({ signal }) => getProfile(userId, signal),
  });

/** The profile, or a minor's limited card (`data.limited`). */
export function useProfile(userId: string | null) {
  return useQuery(profileQueryOptions(userId));
}

const fullOnly = (profile: ProfileResponse): ProfileView | undefined =>
  profile.limited ? undefined : profile;

/**
 * For pages that need the full profile (lists): a limited card reads as no data, and the list
 * itself answers 404 for those outside a minor's circle, which shows the unavailable page.
 */
export function useFullProfile(userId: string | null) {
  return useQuery({ ...profileQueryOptions(userId), select: fullOnly });
}
