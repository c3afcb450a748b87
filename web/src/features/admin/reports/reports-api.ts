import type { ReportStatus } from '@touchline/shared';
import { adminReportPageSchema, adminReportResolvedSchema } from '@touchline/shared';
import { api } from '@/lib/api-client';
import { useAdminAction, useAdminQuery } from '../shared';

/** `GET /api/admin/reports?status=&before=`: open ones list minors' content first. */
export function useReports(params: { status: ReportStatus; before: string | undefined }) {
  return useAdminQuery('reports', adminReportPageSchema, params);
}

export type ResolveAction = 'remove' | 'dismiss' | 'block';

/**
 * `POST /api/admin/reports/{id}/resolve {action, reason}` (remove tells the author why; block
 * blocks the author's account).
 */
export function useResolveReport(onDone: () => void) {
  return useAdminAction({
    run: ({ id, action, reason }: { id: string; action: ResolveAction; reason: string }) =>
      api.post(
        `admin/reports/${encodeURIComponent(id)}/resolve`,
        { action, reason },
        adminReportResolvedSchema,
      ),
    success: (answer) => answer.message,
    onSuccess: onDone,
  });
}
