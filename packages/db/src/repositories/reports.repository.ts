import { sql } from 'drizzle-orm';
import type { Executor } from '../client';
import { contentReports, type ReportedChatMessage } from '../schema';
import { rowsOf } from '../sql';

export type NewContentReport = {
  reporterId: string;
  targetKind: 'post' | 'comment' | 'message' | 'conversation';
  targetId: string;
  postId: string | null;
  threadName?: string | null;
  targetAuthorId: string;
  reason: string;
  details: string;
  snapshot: string;
  context?: ReportedChatMessage[] | null;
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

type RawContextRow = {
  id: string;
  senderId: string;
  senderName: string;
  text: string;
  hasImage: boolean;
  deleted: boolean;
  createdAt: Date | string;
};

const CONTEXT_COLUMNS = sql.raw(`m.id, m.sender_id as "senderId", u.username as "senderName",
  m.text, (m.image_media_id is not null) as "hasImage", (m.deleted_at is not null) as deleted,
  m.created_at as "createdAt"`);

/**
 * The messages around a reported one (`around`: up to `each` before it, itself, up to `each`
 * after it) or, for a whole conversation (`around` null), its last `2 × each`: oldest first, with
 * the senders' names and times, as the report's snapshot. Two index ranges on
 * `chat_messages_thread_id_idx`.
 */
export async function chatReportContext(
  executor: Executor,
  input: { threadId: string; around: string | null; each: number },
): Promise<ReportedChatMessage[]> {
  const { threadId, around, each } = input;
  const result = around
    ? await executor.execute(sql`
        (select ${CONTEXT_COLUMNS} from chat_messages m join users u on u.id = m.sender_id
          where m.thread_id = ${threadId}::uuid and m.id <= ${around}::uuid
          order by m.id desc limit ${each + 1})
        union all
        (select ${CONTEXT_COLUMNS} from chat_messages m join users u on u.id = m.sender_id
          where m.thread_id = ${threadId}::uuid and m.id > ${around}::uuid
          order by m.id asc limit ${each})`)
    : await executor.execute(sql`
        select ${CONTEXT_COLUMNS} from chat_messages m join users u on u.id = m.sender_id
        where m.thread_id = ${threadId}::uuid
        order by m.id desc limit ${each * 2}`);
  return rowsOf<RawContextRow>(result)
    .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
    .map((row) => ({
      id: row.id,
      sender_id: row.senderId,
      sender_name: row.senderName,
      text: row.text,
      has_image: row.hasImage,
      deleted: row.deleted,
      created_at: new Date(row.createdAt).toISOString(),
      reported: row.id === around,
    }));
}
