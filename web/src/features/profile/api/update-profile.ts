import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ProfileUpdate, ProfileView } from '@touchline/shared';
import { profileViewSchema } from '@touchline/shared';
import { api } from '@/lib/api-client';
import { session } from '@/lib/session';
import { profileKeys } from '@/api/profiles/get-profile';

/** `POST /api/profile`: a partial update of the caller; answers the new profile. */
export function updateProfile(input: ProfileUpdate): Promise<ProfileView> {
  return api.post('profile', input, profileViewSchema);
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (profile) => {
      queryClient.setQueryData(profileKeys.one(null), profile);
      queryClient.setQueryData(profileKeys.one(profile.user_id), profile);
      // The top bar greets the user by name.
      if (session.user !== profile.username) session.user = profile.username;
    },
  });
}
