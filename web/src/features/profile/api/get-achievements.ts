import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Achievement } from '@touchline/shared';
import { achievementSchema } from '@touchline/shared';
import { api } from '@/lib/api-client';

/** `GET /api/user_achievement?user_id=` (own when absent). */
export function getAchievements(userId: string | null): Promise<Achievement[]> {
  return api.get('user_achievement', achievementSchema.array(), {
    query: { user_id: userId ?? undefined },
  });
}

export const achievementKeys = {
  all: ['achievements'] as const,
  of: (userId: string | null) => ['achievements', userId ?? 'me'] as const,
};

export const achievementsQueryOptions = (userId: string | null) =>
  queryOptions({ queryKey: achievementKeys.of(userId), queryFn: () => getAchievements(userId) });

export function useAchievements(userId: string | null) {
  return useQuery(achievementsQueryOptions(userId));
}
