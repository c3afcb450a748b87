import type { Executor } from '../client';
import { contentReports } from '../schema';

export type NewContentReport = {
  reporterId: string;
  targetKind: 'post' | 'comment';
  targetId: string;
  postId: string;
  targetAuthorId: string;
  reason: string;
  details: string;
  snapshot: string;
};

/** Records a report once per reporter and target; true when this call stored it. */
export async function insertContentReport(executor: Executor, values: NewContentReport) {
  const rows = await executor
    .insert(contentReports)
    .values(values)
    .onConflictDoNothing({
      target: [contentReports.reporterId, contentReports.targetKind, contentReports.targetId],
    })
    .returning({ id: contentReports.id });
  return rows.length > 0;
}
