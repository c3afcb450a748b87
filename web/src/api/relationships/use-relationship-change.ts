import type { QueryKey } from '@tanstack/react-query';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { profileKeys } from '../profiles/get-profile';
import { SEARCH_RESULTS_KEY } from '../search/get-search-results';
import { relationshipKey } from './get-relationship';
import { PEOPLE_KEY, removeFromPeopleList } from './people-lists';

export type RelationshipChangeOptions = {
  /** Called after the change settled (success or not). */
  onSettled?: () => void;
};

/**
 * A friend, request, follow or block change between the caller and one person (the mutation's
 * variable is their user id). Optionally takes them out of a cached people list at once (put
 * back on failure); afterwards everything that shows the relationship is fetched again: the
 * relationship itself, their profile (its friend and follower counts), every people list and the
 * search results. Every screen uses this one hook, so no screen keeps a stale state.
 */
export function useRelationshipChange<T>(
  perform: (userId: string) => Promise<T>,
  { removeFrom, onSettled }: RelationshipChangeOptions & { removeFrom?: QueryKey } = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: perform,
    onMutate: async (userId: string) =>
      removeFrom
        ? { restore: await removeFromPeopleList(queryClient, removeFrom, userId) }
        : undefined,
    onError: (_error, _userId, context) => context?.restore(),
    onSettled: async (_answer, _error, userId) => {
      onSettled?.();
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: relationshipKey(userId) }),
        queryClient.invalidateQueries({ queryKey: profileKeys.one(userId) }),
        queryClient.invalidateQueries({ queryKey: PEOPLE_KEY }),
        queryClient.invalidateQueries({ queryKey: SEARCH_RESULTS_KEY }),
      ]);
    },
  });
}
