import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../client';
import type { ReportedChatMessage } from '../schema';
import { allOf, cursorOf, windowSql, type AdminListPosition } from './admin-paging';
import { rowsOf } from '../sql';

/** A content report as the administrators see it (reporter, author, resolver joined). */
export type AdminReportRow = {
  id: string;
  status: 'open' | 'removed' | 'dismissed' | 'blocked';
  targetKind: 'post' | 'comment' | 'message' | 'conversation';
  targetId: string;
  threadName: string | null;
  postId: string | null;
  targetExists: boolean;
  reason: string;
  details: string;
  snapshot: string;
  context: ReportedChatMessage[] | null;
  minor: boolean;
  reporterId: string | null;
  reporterName: string | null;
  reporterRole: string | null;
  authorId: string | null;
  authorName: string | null;
  authorRole: string | null;
  resolverId: string | null;
  resolverName: string | null;
  resolverRole: string | null;
  createdAt: Date | string;
  resolvedAt: Date | string | null;
  cursor: string;
};

/**
 * The author of report `r` (joined as `alias`) is a minor: a player born after `adultCutoff`, or
 * whose date of birth is unknown (it counts as a minor, supplement §13).
 */
const minorSql = (alias: string, adultCutoff: string): SQL =>
  sql`coalesce(${sql.raw(alias)}.role = 'player' and (${sql.raw(alias)}.dob is null or ${sql.raw(alias)}.dob > ${adultCutoff}::date), false)`;

/**
 * The report is about a minor: its author is one, or for a message or conversation either member
 * is (the reporter is the other member): §13 puts minors' conversations first.
 */
const aboutMinorSql = (report: string, author: string, reporter: string, adultCutoff: string) =>
  sql`(${minorSql(author, adultCutoff)} or (${sql.raw(report)}.target_kind in ('message', 'conversation') and ${minorSql(reporter, adultCutoff)}))`;

/** Open reports about minors come first; other statuses are plain newest first. */
const rankSql = (report: string, author: string, reporter: string, adultCutoff: string): SQL =>
  sql`(case when ${sql.raw(report)}.status = 'open' and ${aboutMinorSql(report, author, reporter, adultCutoff)} then 1 else 0 end)`;

const selectReport = (adultCutoff: string) => sql`
  select r.id, r.status, r.target_kind as "targetKind", r.target_id as "targetId",
    r.thread_name as "threadName", r.post_id as "postId", r.reason, r.details, r.snapshot,
    r.context,
    (case r.target_kind
      when 'post' then exists (select 1 from posts p where p.id = r.target_id and p.removed_at is null)
      when 'comment' then exists (select 1 from comments c where c.id = r.target_id)
      when 'message' then exists (select 1 from chat_messages m
        where m.id = r.target_id and m.deleted_at is null)
      else exists (select 1 from chat_threads t where t.id = r.target_id) end) as "targetExists",
    ${aboutMinorSql('r', 'au', 'rp', adultCutoff)} as minor,
    rp.id as "reporterId", rp.username as "reporterName", rp.role as "reporterRole",
    au.id as "authorId", au.username as "authorName", au.role as "authorRole",
    rb.id as "resolverId", rb.username as "resolverName", rb.role as "resolverRole",
    r.created_at as "createdAt", r.resolved_at as "resolvedAt", ${cursorOf('r')} as cursor
  from content_reports r
  left join users rp on rp.id = r.reporter_id
  left join users au on au.id = r.target_author_id
  left join users rb on rb.id = r.resolved_by`;

/**
 * Reports of one status, 'open' ones of minors' content first, then newest first by
 * (created_at, id). `before` is the last row of the previous page: its rank is read again from
 * its report, so the cursor stays the admin lists' `<created_at>~<id>`.
 */
export async function listAdminReports(
  executor: Executor,
  input: {
    status: 'open' | 'removed' | 'dismissed' | 'blocked';
    adultCutoff: string;
    before?: AdminListPosition;
    offset?: number;
    limit: number;
  },
): Promise<AdminReportRow[]> {
  const { adultCutoff } = input;
  const conditions = [sql`r.status = ${input.status}`];
  if (input.before) {
    const beforeRank = sql`(select ${rankSql('r2', 'a2', 'p2', adultCutoff)} from content_reports r2
      left join users a2 on a2.id = r2.target_author_id
      left join users p2 on p2.id = r2.reporter_id where r2.id = ${input.before.id}::uuid)`;
    conditions.push(
      sql`(${rankSql('r', 'au', 'rp', adultCutoff)}, r.created_at, r.id) < (${beforeRank}, ${input.before.createdAt}::timestamptz, ${input.before.id}::uuid)`,
    );
  }
  const result = await executor.execute(sql`${selectReport(adultCutoff)}
    where ${allOf(conditions)}
    order by ${rankSql('r', 'au', 'rp', adultCutoff)} desc, r.created_at desc, r.id desc
    ${windowSql(input)}`);
  return rowsOf<AdminReportRow>(result);
}

/** One report, joined like the list. */
export async function findAdminReport(
  executor: Executor,
  id: string,
  adultCutoff: string,
): Promise<AdminReportRow | null> {
  const result = await executor.execute(sql`${selectReport(adultCutoff)} where r.id = ${id}::uuid`);
  return rowsOf<AdminReportRow>(result)[0] ?? null;
}

export type LockedReport = {
  id: string;
  status: 'open' | 'removed' | 'dismissed' | 'blocked';
  targetKind: 'post' | 'comment' | 'message' | 'conversation';
  targetId: string;
  threadName: string | null;
  postId: string | null;
  targetAuthorId: string | null;
};

/** The report locked for its resolution (`for update`); null when there is none. */
export async function lockReport(executor: Executor, id: string): Promise<LockedReport | null> {
  const result = await executor.execute(sql`
    select id, status, target_kind as "targetKind", target_id as "targetId",
      thread_name as "threadName", post_id as "postId", target_author_id as "targetAuthorId"
    from content_reports where id = ${id}::uuid for update`);
  return rowsOf<LockedReport>(result)[0] ?? null;
}

/**
 * Resolves open reports: this one, and with `sameTarget` every other open report of its target
 * (once content is removed, they are all answered). Returns the ids resolved.
 */
export async function resolveReports(
  executor: Executor,
  input: {
    report: Pick<LockedReport, 'id' | 'targetKind' | 'targetId'>;
    status: 'removed' | 'dismissed' | 'blocked';
    resolvedBy: string;
    at: Date;
    sameTarget: boolean;
  },
): Promise<string[]> {
  const { report } = input;
  const which = input.sameTarget
    ? sql`target_kind = ${report.targetKind} and target_id = ${report.targetId}::uuid`
    : sql`id = ${report.id}::uuid`;
  const result = await executor.execute(sql`
    update content_reports
    set status = ${input.status}, resolved_at = ${input.at.toISOString()}::timestamptz,
      resolved_by = ${input.resolvedBy}::uuid
    where ${which} and status = 'open'
    returning id`);
  return rowsOf<{ id: string }>(result).map((row) => row.id);
}
