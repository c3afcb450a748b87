import { useMutation, useQueryClient } from '@tanstack/react-query';
import { photoResponseSchema } from '@touchline/shared';
import { api, uploadWithProgress } from '@/lib/api-client';
import { setProfilePhoto } from '@/lib/session';
import { profileKeys } from '@/api/profiles/get-profile';

/** Which picture: the round profile photo (400×400) or the 3:1 cover (1500×500). */
export type ProfileImageKind = 'photo' | 'cover';

/** `POST /api/profile/photo|cover` (multipart `file`) → `{url}`, with upload progress. */
export function uploadProfileImage(
  kind: ProfileImageKind,
  file: File,
  onProgress?: (fraction: number) => void,
) {
  const form = new FormData();
  form.append('file', file);
  return uploadWithProgress(`profile/${kind}`, form, { onProgress, schema: photoResponseSchema });
}

/** `DELETE /api/profile/photo|cover` → `{url: null}`. */
export function deleteProfileImage(kind: ProfileImageKind) {
  return api.delete(`profile/${kind}`, photoResponseSchema);
}

type Change = { kind: ProfileImageKind; file: File | null };

/** Uploads (file) or removes (null) a picture; the profile photo also goes to the session. */
export function useChangeProfileImage(onProgress?: (fraction: number) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ kind, file }: Change) =>
      file ? uploadProfileImage(kind, file, onProgress) : deleteProfileImage(kind),
    onSuccess: ({ url }, { kind }) => {
      if (kind === 'photo') setProfilePhoto(url);
      void queryClient.invalidateQueries({ queryKey: profileKeys.all });
    },
  });
}
