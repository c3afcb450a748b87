import type { AdminAuditPage } from '@touchline/shared';
import { adminAuditPageSchema } from '@touchline/shared';
import { api } from '@/lib/api-client';
import { useAdminPages } from '../list-kit';

/** `GET /api/admin/audit?search=&page=`: who did what to whom, when and why, newest first. */
export function getAudit(
  search: string,
  page: string | undefined,
  signal?: AbortSignal,
): Promise<AdminAuditPage> {
  return api.get('admin/audit', adminAuditPageSchema, {
    query: { search: search || undefined, page },
    signal,
  });
}

export function useAudit(search: string) {
  return useAdminPages(['admin', 'audit', search], (page, signal) =>
    getAudit(search, page, signal),
  );
}
