import { useQuery } from '@tanstack/react-query';
import { deletionInfoSchema, type DeletionInfo } from '@touchline/shared';
import { api } from '@/lib/api-client';
import { yourDataKeys } from './your-data-keys';

/** `GET /api/me/deletion`: password or Google, and what a deletion cancels. */
export function getDeletionInfo(signal?: AbortSignal): Promise<DeletionInfo> {
  return api.get('me/deletion', deletionInfoSchema, { signal });
}

export function useDeletionInfo() {
  return useQuery({
    queryKey: yourDataKeys.deletionInfo(),
    queryFn: ({ signal }) => getDeletionInfo(signal),
  });
}
