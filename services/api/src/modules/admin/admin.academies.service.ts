import type { Database } from '@touchline/db';
import {
  findAcademyLicence,
  findAdminAcademy,
  insertAdminAudit,
  listAdminAcademies,
  setAcademyStatus,
  type AdminAcademyRow,
} from '@touchline/db/admin';
import { appendEvent } from '@touchline/db/outbox';
import type { StorageDriver } from '@touchline/drivers';
import {
  ADMIN_LIMITS,
  ADMIN_MESSAGES,
  type AdminAcademiesQuery,
  type AdminAcademy,
  type AdminAcademyPage,
  type AdminLicenceLink,
} from '@touchline/shared';
import { commonErrors } from '../../lib/app-error';
import { adminPage, adminPageRequest, iso } from './admin.lists';

const STATUS = { unverified: 'pending', verified: 'verified', declined: 'declined' } as const;

export function academyView(row: AdminAcademyRow): AdminAcademy {
  return {
    id: row.id,
    username: row.username,
    email: row.email,
    state: row.state,
    district: row.district,
    sports: row.sports,
    established_on: row.establishedOn,
    status: STATUS[row.academyStatus],
    blocked: !row.isActive,
    blocked_reason: row.blockedReason,
    email_verified: row.emailVerified,
    has_licence: row.hasLicence,
    created_at: iso(row.createdAt),
  };
}

/**
 * Administrators review academies: the list, the licence (a short-lived signed link to the
 * private file) and the verification decision. A decision changes `academy_status`, writes its
 * `admin_audit` record and its `academy.verified` / `academy.declined` event (the academy is
 * notified in-app and by e-mail) in one transaction: none exists without the others.
 */
export function createAdminAcademiesService(deps: {
  db: Database;
  clock: () => Date;
  storage: Pick<StorageDriver, 'signedUrl'>;
}) {
  async function decide(
    actorId: string,
    academyId: string,
    decision: 'verified' | 'declined',
    reason: string,
  ): Promise<AdminAcademy> {
    return deps.db.transaction(async (tx) => {
      const academy = await findAdminAcademy(tx, academyId, { forUpdate: true });
      if (!academy) throw commonErrors.notFound(ADMIN_MESSAGES.academyNotFound);
      if (academy.academyStatus === decision)
        throw commonErrors.conflict(
          decision === 'verified' ? ADMIN_MESSAGES.alreadyVerified : ADMIN_MESSAGES.alreadyDeclined,
        );
      const audit = await insertAdminAudit(tx, {
        actorId,
        action: `academy.${decision}`,
        targetUserId: academyId,
        reason,
        details: { from: academy.academyStatus, to: decision },
      });
      if (!(await setAcademyStatus(tx, academyId, decision)))
        throw commonErrors.notFound(ADMIN_MESSAGES.academyNotFound);
      // The academy is told (in-app and by e-mail, the reason read from the audit record).
      await appendEvent(tx, {
        type: `academy.${decision}`,
        payload: { academyId, auditId: audit.id },
      });
      const updated = await findAdminAcademy(tx, academyId);
      return academyView(updated!);
    });
  }

  return {
    async list(query: AdminAcademiesQuery): Promise<AdminAcademyPage> {
      const rows = await listAdminAcademies(deps.db, {
        search: query.search,
        status: query.status,
        ...adminPageRequest(query),
      });
      return adminPage(rows, query, academyView);
    },

    /** Verifies an academy (it may then publish trials). */
    verify: (actorId: string, academyId: string) => decide(actorId, academyId, 'verified', ''),

    /** Declines an academy's verification, with the reason the academy will be told. */
    decline: (actorId: string, academyId: string, reason: string) =>
      decide(actorId, academyId, 'declined', reason),

    /** A signed link to the academy's licence, valid `ADMIN_LIMITS.licenceLinkSeconds`. */
    async licence(academyId: string): Promise<AdminLicenceLink> {
      if (!(await findAdminAcademy(deps.db, academyId)))
        throw commonErrors.notFound(ADMIN_MESSAGES.academyNotFound);
      const licence = await findAcademyLicence(deps.db, academyId);
      if (!licence || licence.visibility !== 'private')
        throw commonErrors.notFound(ADMIN_MESSAGES.noLicence);
      const ttl = ADMIN_LIMITS.licenceLinkSeconds;
      const expiresAt = new Date(deps.clock().getTime() + ttl * 1000);
      return {
        url: await deps.storage.signedUrl(licence.key, ttl),
        content_type: licence.contentType,
        expires_at: expiresAt.toISOString(),
      };
    },
  };
}

export type AdminAcademiesService = ReturnType<typeof createAdminAcademiesService>;
