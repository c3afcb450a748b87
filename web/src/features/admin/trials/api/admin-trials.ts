import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminTrialPage } from '@touchline/shared';
import { adminTrialPageSchema } from '@touchline/shared';
import { api } from '@/lib/api-client';
import { anyAnswer, useAdminPages } from '@/features/admin/audit/list-kit';

export type TrialStatusFilter = '' | 'active' | 'cancelled';

const trialKeys = {
  all: ['admin', 'trials'] as const,
  list: (search: string, status: TrialStatusFilter) => ['admin', 'trials', search, status] as const,
};

/** `GET /api/admin/trials?search=&status=&page=`. */
export function getAdminTrials(
  search: string,
  status: TrialStatusFilter,
  page: string | undefined,
  signal?: AbortSignal,
): Promise<AdminTrialPage> {
  return api.get('admin/trials', adminTrialPageSchema, {
    query: { search: search || undefined, status: status || undefined, page },
    signal,
  });
}

export function useAdminTrials(search: string, status: TrialStatusFilter) {
  return useAdminPages(trialKeys.list(search, status), (page, signal) =>
    getAdminTrials(search, status, page, signal),
  );
}

/** `DELETE /api/admin/trials/{id}?reason=`: cancelled as its academy would (refunds, notices). */
export function cancelAdminTrial(id: string, reason: string): Promise<unknown> {
  return api.delete(`admin/trials/${encodeURIComponent(id)}`, anyAnswer, { query: { reason } });
}

export function useCancelAdminTrial() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reason }: { id: string; reason: string }) => cancelAdminTrial(id, reason),
    onSettled: () => queryClient.invalidateQueries({ queryKey: trialKeys.all }),
  });
}
