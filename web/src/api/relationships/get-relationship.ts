import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RelationshipView } from '@touchline/shared';
import { relationshipSchema } from '@touchline/shared';
import { api } from '@/lib/api-client';

/** `GET /api/relationship/{id}`: friendship, follow and block between the caller and someone. */
export function getRelationship(userId: string, signal?: AbortSignal): Promise<RelationshipView> {
  return api.get(`relationship/${userId}`, relationshipSchema, { signal });
}

export const relationshipKey = (userId: string) => ['relationship', userId] as const;

export const relationshipQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: relationshipKey(userId),
    queryFn: ({ signal }) => getRelationship(userId, signal),
  });

export function useRelationship(userId: string | null) {
  return useQuery({ ...relationshipQueryOptions(userId ?? ''), enabled: Boolean(userId) });
}
