import { useMutation, useQueryClient } from '@tanstack/react-query';
import { achievementSchema } from '@touchline/shared';
import { api } from '@/lib/api-client';
import type { AchievementBody } from './achievement-body';
import { achievementPayload } from './achievement-body';
import { profileKeys } from '@/api/profiles/get-profile';
import { achievementKeys } from './get-achievements';

/** `POST /api/user_achievement` → 201 with the new entry. */
export function createAchievement(body: AchievementBody) {
  return api.post('user_achievement', achievementPayload(body), achievementSchema);
}

export function useCreateAchievement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createAchievement,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: achievementKeys.all });
      await queryClient.invalidateQueries({ queryKey: profileKeys.all });
    },
  });
}
