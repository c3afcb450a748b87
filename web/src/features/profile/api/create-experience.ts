import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ExperienceInput } from '@touchline/shared';
import { experienceSchema } from '@touchline/shared';
import { api } from '@/lib/api-client';
import { experienceKeys } from './get-experiences';

/** `POST /api/user_academy` → 201 with the new entry. */
export function createExperience(input: ExperienceInput) {
  return api.post('user_academy', input, experienceSchema);
}

export function useCreateExperience() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createExperience,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: experienceKeys.all }),
  });
}
