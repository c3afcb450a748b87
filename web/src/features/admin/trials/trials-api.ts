import { adminTrialCancelledSchema, adminTrialPageSchema } from '@touchline/shared';
import { api } from '@/lib/api-client';
import { useAdminAction, useAdminQuery } from '../shared';

export type TrialStatusFilter = '' | 'active' | 'cancelled';

/** `GET /api/admin/trials?search=&status=&before=`. */
export function useAdminTrials(params: {
  search: string;
  status: TrialStatusFilter;
  before: string | undefined;
}) {
  return useAdminQuery('trials', adminTrialPageSchema, params);
}

/** `DELETE /api/admin/trials/{id}?reason=`: cancelled as its academy would (refunds, notices). */
export function useCancelAdminTrial(onDone: () => void) {
  return useAdminAction({
    run: ({ id, reason }: { id: string; reason: string }) =>
      api.delete(`admin/trials/${encodeURIComponent(id)}`, adminTrialCancelledSchema, {
        query: { reason },
      }),
    success: (answer) => answer.message,
    onSuccess: onDone,
  });
}
