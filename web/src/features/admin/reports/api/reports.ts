import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ResponseSchema } from '@/lib/api-client';
import { api } from '@/lib/api-client';
import { anyAnswer, useAdminPages } from '@/features/admin/audit/list-kit';

export const REPORT_STATUSES = ['open', 'removed', 'dismissed'] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];

type Person = { id: string; username: string; minor?: boolean } | null;

/** A report as the moderators' queue shows it (`GET /api/admin/reports`). */
export type AdminReport = {
  id: string;
  status: ReportStatus;
  target_kind: 'post' | 'comment';
  target_id: string;
  reason: string;
  details: string;
  /** The reported text as it was when reported. */
  snapshot: string;
  /** The content is a minor's (those come first among open reports). */
  minor: boolean;
  reporter: Person;
  author: Person;
  created_at: string;
  resolved_at?: string | null;
};
export type AdminReportPage = { results: AdminReport[]; next: string | null };

/** Reads the page; tolerant of extra fields. */
const reportPageSchema: ResponseSchema<AdminReportPage> = {
  parse: (data) => {
    const page = data as Partial<AdminReportPage> | null;
    if (!page || !Array.isArray(page.results)) throw new TypeError('Expected a page of reports');
    return { results: page.results, next: page.next ?? null };
  },
};

const reportKeys = { all: ['admin', 'reports'] as const };

/** `GET /api/admin/reports?status=&page=`: open ones put minors' content first. */
export function getReports(status: ReportStatus, page: string | undefined, signal?: AbortSignal) {
  return api.get('admin/reports', reportPageSchema, { query: { status, page }, signal });
}

export function useReports(status: ReportStatus) {
  return useAdminPages([...reportKeys.all, status], (page, signal) =>
    getReports(status, page, signal),
  );
}

export type ResolveAction = 'remove' | 'dismiss';

/** `POST /api/admin/reports/{id}/resolve {action, reason}`. */
export function resolveReport(id: string, action: ResolveAction, reason: string) {
  return api.post(`admin/reports/${encodeURIComponent(id)}/resolve`, { action, reason }, anyAnswer);
}

export function useResolveReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action, reason }: { id: string; action: ResolveAction; reason: string }) =>
      resolveReport(id, action, reason),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['admin'] }),
  });
}
