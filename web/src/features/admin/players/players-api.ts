import { adminPlayerPageSchema, dobCorrectionResponseSchema } from '@touchline/shared';
import { api } from '@/lib/api-client';
import { useAdminAction, useAdminQuery } from '../shared';

/** `GET /api/admin/players?search=&before=`. */
export function usePlayers(params: { search: string; before: string | undefined }) {
  return useAdminQuery('players', adminPlayerPageSchema, params);
}

/** `PUT /api/admin/users/{id}/dob {dob, reason}`: the date of birth players cannot change. */
export function useCorrectDob(onDone: () => void) {
  return useAdminAction({
    run: ({ id, dob, reason }: { id: string; username: string; dob: string; reason: string }) =>
      api.put(`admin/users/${id}/dob`, { dob, reason }, dobCorrectionResponseSchema),
    success: (_answer, { username }) => `Date of birth of ${username} corrected`,
    onSuccess: onDone,
  });
}
