import type { Database } from '@touchline/db';
import {
  findAdminReport,
  insertAdminAudit,
  listAdminReports,
  lockReport,
  resolveReports,
  type AdminReportRow,
} from '@touchline/db/admin';
import { storeNotices, type Outbound, type Publisher } from '@touchline/delivery';
import {
  ADMIN_OPS_MESSAGES,
  adultCutoffOn,
  todayInLagos,
  type AdminReport,
  type AdminReportPage,
  type AdminReportsQuery,
  type AdminResolveReportBody,
} from '@touchline/shared';
import { commonErrors } from '../../lib/app-error';
import type { ContentModeration } from '../posts/posts.moderation';
import { adminPage, adminPageRequest, iso } from './admin.lists';

const account = (id: string | null, username: string | null, role: string | null) =>
  id && username && role ? { id, username, role } : null;

export function reportView(row: AdminReportRow): AdminReport {
  return {
    id: row.id,
    status: row.status,
    target_kind: row.targetKind,
    target_id: row.targetId,
    post_id: row.postId,
    target_exists: row.targetExists,
    reason: row.reason,
    details: row.details,
    snapshot: row.snapshot,
    minor: row.minor,
    reporter: account(row.reporterId, row.reporterName, row.reporterRole),
    author: account(row.authorId, row.authorName, row.authorRole),
    created_at: iso(row.createdAt),
    resolved_at: row.resolvedAt ? iso(row.resolvedAt) : null,
    resolved_by: account(row.resolverId, row.resolverName, row.resolverRole),
  };
}

/**
 * Content reports for the administrators: the list (open ones of minors' content first) and the
 * resolution. Removing goes through the posts module's capability; the report(s), the removal,
 * the author's in-app notice and the audit record commit together, and the notice is pushed to
 * the author's open tabs after the commit.
 */
export function createAdminReportsService(deps: {
  db: Database;
  clock: () => Date;
  moderation: ContentModeration;
  publisher: Publisher;
}) {
  const { db, clock } = deps;
  const cutoff = () => adultCutoffOn(todayInLagos(clock()));

  return {
    async list(query: AdminReportsQuery): Promise<AdminReportPage> {
      const rows = await listAdminReports(db, {
        status: query.status,
        adultCutoff: cutoff(),
        ...adminPageRequest(query),
      });
      return adminPage(rows, query, reportView);
    },

    /**
     * `remove`: the target is removed (if still there) and every open report of it is answered
     * `removed`; the author gets 'Your post was removed: <reason>'. `dismiss`: this report only.
     * A report already resolved is 409; the audit action is `report.removed` / `report.dismissed`.
     */
    async resolve(actorId: string, reportId: string, body: AdminResolveReportBody) {
      const now = clock();
      const outcome = await db.transaction(async (tx) => {
        const report = await lockReport(tx, reportId);
        if (!report) throw commonErrors.notFound(ADMIN_OPS_MESSAGES.reportNotFound);
        if (report.status !== 'open')
          throw commonErrors.conflict(ADMIN_OPS_MESSAGES.reportResolved);
        const removing = body.action === 'remove';
        const { removed } = removing
          ? await deps.moderation.remove(tx, { kind: report.targetKind, id: report.targetId })
          : { removed: false };
        const resolved = await resolveReports(tx, {
          report,
          status: removing ? 'removed' : 'dismissed',
          resolvedBy: actorId,
          at: now,
          sameTarget: removing,
        });
        const stored: Outbound[] =
          removed && report.targetAuthorId
            ? await storeNotices(tx, null, [
                {
                  userId: report.targetAuthorId,
                  kind: 'system',
                  text: ADMIN_OPS_MESSAGES.removedNotice(report.targetKind, body.reason),
                  link: '/notification',
                  actorId: null,
                  sourceKey: `report.removed:${report.id}`,
                },
              ])
            : [];
        await insertAdminAudit(tx, {
          actorId,
          action: removing ? 'report.removed' : 'report.dismissed',
          targetUserId: report.targetAuthorId,
          reason: body.reason,
          details: {
            report_id: report.id,
            target_kind: report.targetKind,
            target_id: report.targetId,
            post_id: report.postId,
            content_removed: removed,
            reports_resolved: resolved.length,
          },
        });
        return { stored, report: await findAdminReport(tx, report.id, cutoff()) };
      });
      await deps.publisher.publish(outcome.stored);
      return {
        message:
          body.action === 'remove'
            ? ADMIN_OPS_MESSAGES.contentRemoved
            : ADMIN_OPS_MESSAGES.reportDismissed,
        report: reportView(outcome.report!),
      };
    },
  };
}

export type AdminReportsService = ReturnType<typeof createAdminReportsService>;
