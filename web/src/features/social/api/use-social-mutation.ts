import type { QueryKey } from '@tanstack/react-query';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { removeFromList, SOCIAL_KEY } from './people-list';

export type SocialMutationOptions = {
  /** Called after the change settled (success or not), e.g. to refresh another feature's list. */
  onSettled?: () => void;
};

/**
 * A friend, request or follow change on one person: optionally takes them out of a cached list
 * at once (put back on failure), then refreshes every social list.
 */
export function useSocialMutation(
  mutate: (id: string) => Promise<unknown>,
  { removeFrom, onSettled }: SocialMutationOptions & { removeFrom?: QueryKey } = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: mutate,
    onMutate: async (id: string) =>
      removeFrom ? { restore: await removeFromList(queryClient, removeFrom, id) } : undefined,
    onError: (_error, _id, context) => context?.restore(),
    onSettled: async () => {
      onSettled?.();
      await queryClient.invalidateQueries({ queryKey: SOCIAL_KEY });
    },
  });
}
