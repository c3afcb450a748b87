import { messageSchema } from '@touchline/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { experienceKeys } from './get-experiences';

/** `DELETE /api/user_academy/{id}`. */
export function deleteExperience(id: string) {
  return api.delete(`user_academy/${id}`, messageSchema);
}

export function useDeleteExperience() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteExperience,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: experienceKeys.all }),
  });
}
