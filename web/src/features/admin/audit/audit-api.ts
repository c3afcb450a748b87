import { adminAuditPageSchema } from '@touchline/shared';
import { useAdminQuery } from '../shared';

/** `GET /api/admin/audit?search=&before=`: who did what to whom, when and why, newest first. */
export function useAudit(params: { search: string; before: string | undefined }) {
  return useAdminQuery('audit', adminAuditPageSchema, params);
}
