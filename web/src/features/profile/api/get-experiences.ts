import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Experience } from '@touchline/shared';
import { experienceSchema } from '@touchline/shared';
import { api } from '@/lib/api-client';

/** `GET /api/user_academy?user_id=` (own when absent), current entries first. */
export function getExperiences(userId: string | null): Promise<Experience[]> {
  return api.get('user_academy', experienceSchema.array(), {
    query: { user_id: userId ?? undefined },
  });
}

export const experienceKeys = {
  all: ['experiences'] as const,
  of: (userId: string | null) => ['experiences', userId ?? 'me'] as const,
};

export const experiencesQueryOptions = (userId: string | null) =>
  queryOptions({ queryKey: experienceKeys.of(userId), queryFn: () => getExperiences(userId) });

export function useExperiences(userId: string | null) {
  return useQuery(experiencesQueryOptions(userId));
}
