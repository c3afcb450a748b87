import type { Database } from '@touchline/db';
import { listAwaitingConsent, listConsentLedger } from '@touchline/db/guardians';

const PAGE = 20;
const iso = (v: string | Date | null) => (v === null ? null : new Date(v).toISOString());

/**
 * `/admin/consents` (supplement §14): accounts awaiting a guardian's consent (oldest first, with
 * the guardian asked) and the consent ledger (newest first); `search` matches names and e-mails.
 */
export function createAdminConsentsService(deps: { db: Database }) {
  return {
    async list(query: { status?: 'awaiting' | 'ledger'; search?: string; page: number }) {
      const offset = (query.page - 1) * PAGE;
      const search = query.search?.trim() || undefined;
      const awaiting =
        query.status === 'ledger'
          ? []
          : await listAwaitingConsent(deps.db, { search, limit: PAGE + 1, offset });
      const ledger =
        query.status === 'awaiting'
          ? []
          : await listConsentLedger(deps.db, { search, limit: PAGE + 1, offset });
      return {
        awaiting: awaiting.slice(0, PAGE).map((r) => ({
          id: r.id,
          username: r.username,
          email: r.email,
          dob: r.dob,
          created_at: iso(r.createdAt)!,
          guardian_email: r.guardianEmail,
          requested_at: iso(r.requestedAt),
        })),
        ledger: ledger.slice(0, PAGE).map((r) => ({
          id: r.id,
          child: { id: r.childId, username: r.childName },
          guardian: r.guardianId
            ? { id: r.guardianId, username: r.guardianName, email: r.guardianEmail }
            : null,
          decision: r.decision,
          relationship: r.relationship,
          notice_version: r.noticeVersion,
          method: r.method,
          ip: r.ip,
          recorded_at: iso(r.recordedAt)!,
        })),
        page: query.page,
        has_more: awaiting.length > PAGE || ledger.length > PAGE,
      };
    },
  };
}

export type AdminConsentsService = ReturnType<typeof createAdminConsentsService>;
