import type { Database, Executor, Transaction } from '@touchline/db';
import {
  findAdminReport,
  insertAdminAudit,
  listAdminReports,
  lockReport,
  resolveReports,
  type AdminReportRow,
  type LockedReport,
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
import type { AccountModeration } from '../accounts/accounts.module';
import type { ChatModeration } from '../chat/chat.module';
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
    thread_name: row.threadName,
    post_id: row.postId,
    target_exists: row.targetExists,
    reason: row.reason,
    details: row.details,
    snapshot: row.snapshot,
    context: row.context,
    minor: row.minor,
    reporter: account(row.reporterId, row.reporterName, row.reporterRole),
    author: account(row.authorId, row.authorName, row.authorRole),
    created_at: iso(row.createdAt),
    resolved_at: row.resolvedAt ? iso(row.resolvedAt) : null,
    resolved_by: account(row.resolverId, row.resolverName, row.resolverRole),
  };
}

/**
 * Content reports for the administrators: the list (open ones about minors first) and the
 * resolution. Removing goes through the posts module's capability (posts, comments) or chat's
 * (a message: its sender's own delete path, decision 48); the report(s), the removal, the
 * author's in-app notice and the audit record commit together, and the notice and chat events
 * are pushed after the commit. Blocking goes through the accounts' block (audited there).
 */
export function createAdminReportsService(deps: {
  db: Database;
  clock: () => Date;
  moderation: ContentModeration;
  chat: ChatModeration;
  accounts: Pick<AccountModeration, 'block'>;
  publisher: Publisher;
}) {
  const { db, clock } = deps;
  const cutoff = () => adultCutoffOn(todayInLagos(clock()));

  /** The report, open, or the error the administrator sees. */
  async function openReport(executor: Executor, id: string) {
    const report = await lockReport(executor, id);
    if (!report) throw commonErrors.notFound(ADMIN_OPS_MESSAGES.reportNotFound);
    if (report.status !== 'open') throw commonErrors.conflict(ADMIN_OPS_MESSAGES.reportResolved);
    return report;
  }

  /** The removal of the reported content in `tx`; `finish` runs after the commit. */
  async function removeTarget(tx: Transaction, report: LockedReport) {
    const none = async () => undefined;
    if (report.targetKind === 'conversation') {
      throw commonErrors.validation(ADMIN_OPS_MESSAGES.conversationNotRemovable);
    }
    if (report.targetKind === 'message') {
      if (!report.targetAuthorId) return { removed: false, finish: none };
      return deps.chat.removeForModeration(tx, {
        messageId: report.targetId,
        senderId: report.targetAuthorId,
      });
    }
    return deps.moderation.remove(tx, { kind: report.targetKind, id: report.targetId });
  }

  /**
   * `block`: the author (a message's or conversation's sender) is blocked by the accounts'
   * block (sessions revoked, `user.blocked` audited), then every open report of this target is
   * answered `blocked` with a `report.author_blocked` audit record. Refusals (no author, an
   * administrator, the report resolved meanwhile) block no one.
   */
  async function block(actorId: string, reportId: string, reason: string) {
    const report = await openReport(db, reportId);
    if (!report.targetAuthorId) throw commonErrors.conflict(ADMIN_OPS_MESSAGES.noAuthorToBlock);
    await deps.accounts.block(report.targetAuthorId, reason, actorId);
    const resolved = await db.transaction(async (tx) => {
      const locked = await openReport(tx, reportId);
      const ids = await resolveReports(tx, {
        report: locked,
        status: 'blocked',
        resolvedBy: actorId,
        at: clock(),
        sameTarget: true,
      });
      await insertAdminAudit(tx, {
        actorId,
        action: 'report.author_blocked',
        targetUserId: locked.targetAuthorId,
        reason,
        details: {
          report_id: locked.id,
          target_kind: locked.targetKind,
          target_id: locked.targetId,
          thread_name: locked.threadName,
          reports_resolved: ids.length,
        },
      });
      return findAdminReport(tx, locked.id, cutoff());
    });
    return { message: ADMIN_OPS_MESSAGES.accountBlocked, report: reportView(resolved!) };
  }

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
      if (body.action === 'block') return block(actorId, reportId, body.reason);
      const now = clock();
      const outcome = await db.transaction(async (tx) => {
        const report = await openReport(tx, reportId);
        const removing = body.action === 'remove';
        const { removed, finish } = removing
          ? await removeTarget(tx, report)
          : { removed: false, finish: async () => undefined };
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
                  text: ADMIN_OPS_MESSAGES.removedNotice(
                    report.targetKind === 'message'
                      ? 'message'
                      : report.targetKind === 'comment'
                        ? 'comment'
                        : 'post',
                    body.reason,
                  ),
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
            thread_name: report.threadName,
            content_removed: removed,
            reports_resolved: resolved.length,
          },
        });
        return { stored, finish, report: await findAdminReport(tx, report.id, cutoff()) };
      });
      await outcome.finish();
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
