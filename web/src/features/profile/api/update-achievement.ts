import { useMutation, useQueryClient } from '@tanstack/react-query';
import { achievementSchema } from '@touchline/shared';
import { api } from '@/lib/api-client';
import type { AchievementBody } from './achievement-body';
import { achievementPayload } from './achievement-body';
import { achievementKeys } from './get-achievements';

/** `PUT /api/user_achievement/{id}`: new fields, `remove_image`, or a new `image`. */
export function updateAchievement({ id, ...body }: AchievementBody & { id: string }) {
  return api.put(`user_achievement/${id}`, achievementPayload(body), achievementSchema);
}

export function useUpdateAchievement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAchievement,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: achievementKeys.all }),
  });
}
