import { useMutation, useQueryClient } from '@tanstack/react-query';
import { profileKeys } from './get-profile';
import { relationshipKey } from './get-relationship';

/**
 * A change between the caller and `userId` (request, follow, block…): afterwards the
 * relationship and the profile (its friend and follower counts) are fetched again.
 */
export function useRelationshipMutation(
  userId: string,
  perform: (userId: string) => Promise<unknown>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => perform(userId),
    onSettled: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: relationshipKey(userId) }),
        queryClient.invalidateQueries({ queryKey: profileKeys.one(userId) }),
      ]);
    },
  });
}
