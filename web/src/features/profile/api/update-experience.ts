import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ExperienceInput } from '@touchline/shared';
import { experienceSchema } from '@touchline/shared';
import { api } from '@/lib/api-client';
import { experienceKeys } from './get-experiences';

/** `PUT /api/user_academy/{id}`. */
export function updateExperience({ id, ...input }: ExperienceInput & { id: string }) {
  return api.put(`user_academy/${id}`, input, experienceSchema);
}

export function useUpdateExperience() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateExperience,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: experienceKeys.all }),
  });
}
