import { messageSchema } from '@touchline/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { profileKeys } from '@/api/profiles/get-profile';
import { achievementKeys } from './get-achievements';

/** `DELETE /api/user_achievement/{id}` → `{message}`. */
export function deleteAchievement(id: string) {
  return api.delete(`user_achievement/${id}`, messageSchema);
}

export function useDeleteAchievement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAchievement,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: achievementKeys.all });
      await queryClient.invalidateQueries({ queryKey: profileKeys.all });
    },
  });
}
