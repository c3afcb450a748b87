import type { Database } from '@touchline/db';
import { listAdminAudit, type AdminAuditRow } from '@touchline/db/admin';
import type { AdminAuditEntry, AdminAuditPage, AdminAuditQuery } from '@touchline/shared';
import { adminPage, adminPageRequest, iso } from './admin.lists';

const person = (id: string | null, username: string | null, role: string | null) =>
  id && username && role ? { id, username, role } : null;

function entryView(row: AdminAuditRow): AdminAuditEntry {
  return {
    id: row.id,
    action: row.action,
    reason: row.reason,
    details: row.details,
    actor: person(row.actorId, row.actorName, row.actorRole),
    target: person(row.targetId, row.targetName, row.targetRole),
    created_at: iso(row.createdAt),
  };
}

/** The audit log (who, what, whom, when, why), newest first and searchable. */
export function createAdminAuditService(deps: { db: Database }) {
  return {
    async list(query: AdminAuditQuery): Promise<AdminAuditPage> {
      const rows = await listAdminAudit(deps.db, {
        search: query.search,
        ...adminPageRequest(query),
      });
      return adminPage(rows, query, entryView);
    },
  };
}

export type AdminAuditService = ReturnType<typeof createAdminAuditService>;
