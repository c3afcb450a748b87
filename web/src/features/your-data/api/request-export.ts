import { useMutation, useQueryClient } from '@tanstack/react-query';
import { dataExportStartedSchema } from '@touchline/shared';
import { api } from '@/lib/api-client';
import { yourDataKeys } from './your-data-keys';

/** `POST /api/me/export`: starts an export (202), or 429 with when the next is possible. */
export function requestExport() {
  return api.post('me/export', {}, dataExportStartedSchema);
}

export function useRequestExport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: requestExport,
    onSettled: () => queryClient.invalidateQueries({ queryKey: yourDataKeys.exportStatus() }),
  });
}
