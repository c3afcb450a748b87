import { useQuery } from '@tanstack/react-query';
import { dataExportStatusSchema, type DataExportStatus } from '@touchline/shared';
import { api } from '@/lib/api-client';
import { yourDataKeys } from './your-data-keys';

/** While an export is being prepared the status is read again this often. */
export const EXPORT_POLL_MS = 3000;

/** `GET /api/me/export`: the latest export and when the next may be asked for. */
export function getExportStatus(signal?: AbortSignal): Promise<DataExportStatus> {
  return api.get('me/export', dataExportStatusSchema, { signal });
}

/** The export's status, read again every few seconds while it is being prepared. */
export function useExportStatus() {
  return useQuery({
    queryKey: yourDataKeys.exportStatus(),
    queryFn: ({ signal }) => getExportStatus(signal),
    refetchInterval: (query) =>
      query.state.data?.export?.status === 'pending' ? EXPORT_POLL_MS : false,
  });
}
