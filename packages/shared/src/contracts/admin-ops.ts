import { z } from 'zod';
import { QUEUES } from '../jobs';
import { beforeCursorSchema, pageNumberSchema } from '../paging';
import { adminPageOf } from './admin';

/** Administration: content reports and the job queues (issue 13; supplement §10, §12). */

export const ADMIN_OPS_MESSAGES = {
  reportNotFound: 'Report not found',
  reportResolved: 'This report has already been resolved',
  reasonRequired: 'A reason is required',
  contentRemoved: 'Content removed',
  reportDismissed: 'Report dismissed',
  accountBlocked: 'Account blocked',
  /** `remove` on a whole conversation's report: there is no one message to remove. */
  conversationNotRemovable: 'A conversation cannot be removed: block the sender or dismiss',
  /** `block` on a report whose author's account is gone. */
  noAuthorToBlock: 'The author of this content no longer has an account',
  jobNotFound: 'Job not found',
  jobNotFailed: 'Only a failed job can be retried',
  jobActive: 'A running job cannot be removed',
  jobRetried: 'Job queued again',
  jobRemoved: 'Job removed',
  boardUnavailable: 'The queue board exists only with Redis (the scaled mode)',
  boardSignIn: 'Open the queue board from the Queues screen of the administration',
  /** In-app notice to the author of removed content (kind `system`). */
  removedNotice: (kind: 'post' | 'comment' | 'message', reason: string) =>
    `Your ${kind} was removed: ${reason}`,
} as const;

export const ADMIN_OPS_LIMITS = {
  reportsPageSize: 20,
  reasonMaxLength: 500,
  /** Failed jobs listed per queue (newest first). */
  failedJobsPerQueue: 50,
  /** Lifetime of the bull-board link (`GET queues/board_link`). */
  boardLinkSeconds: 60,
  /** Lifetime of the board's cookie, which the link sets (each request re-checks the account). */
  boardSessionSeconds: 1800,
} as const;

const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

/* ---------------------------------------------------------------- reports */

export const REPORT_STATUSES = ['open', 'removed', 'dismissed', 'blocked'] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];

/**
 * `GET /api/admin/reports?status=&page=|before=`: `status` defaults to `open`; paged like every
 * admin list (`page` a number, `before` the previous answer's `next`).
 */
export const adminReportsQuerySchema = z.object({
  status: z.preprocess(blankToUndefined, z.enum(REPORT_STATUSES).default('open')),
  page: pageNumberSchema(),
  before: beforeCursorSchema,
});
export type AdminReportsQuery = z.infer<typeof adminReportsQuerySchema>;

/**
 * `POST /api/admin/reports/{id}/resolve {action, reason}`: `remove` the content, `dismiss` the
 * report, or `block` its author (for a message or conversation: the sender) through the accounts'
 * block (decision 48).
 */
export const adminResolveReportBodySchema = z.object({
  action: z.enum(['remove', 'dismiss', 'block']),
  reason: z
    .string({ error: ADMIN_OPS_MESSAGES.reasonRequired })
    .trim()
    .min(1, ADMIN_OPS_MESSAGES.reasonRequired)
    .max(ADMIN_OPS_LIMITS.reasonMaxLength),
});
export type AdminResolveReportBody = z.infer<typeof adminResolveReportBodySchema>;

const account = z.object({ id: z.string(), username: z.string(), role: z.string() });

/** One message of a chat report's snapshot, as it was when reported. */
export const reportedChatMessageSchema = z.object({
  id: z.string(),
  sender_id: z.string(),
  sender_name: z.string(),
  text: z.string(),
  has_image: z.boolean(),
  deleted: z.boolean(),
  created_at: z.string(),
  /** The reported message itself (message reports). */
  reported: z.boolean(),
});
export type ReportedChatMessage = z.infer<typeof reportedChatMessageSchema>;

/** A report as the administrators see it, with the reported text as it was when reported. */
export const adminReportSchema = z.object({
  id: z.string(),
  status: z.enum(REPORT_STATUSES),
  target_kind: z.enum(['post', 'comment', 'message', 'conversation']),
  /** The post's, comment's or message's id; a conversation's internal id. */
  target_id: z.string(),
  /** A message's or conversation's thread name; null for posts and comments. */
  thread_name: z.string().nullable(),
  /** The post the target is (or was) on; null once that post is deleted. */
  post_id: z.string().nullable(),
  /** False once the target was deleted by its author or removed. */
  target_exists: z.boolean(),
  reason: z.string(),
  details: z.string(),
  snapshot: z.string(),
  /**
   * A message's or conversation's surrounding messages (up to 10 before and after the message,
   * or the conversation's last 20), oldest first; null for posts and comments.
   */
  context: z.array(reportedChatMessageSchema).nullable(),
  /**
   * The author is a minor today, or for a message or conversation either member is (an unknown
   * date of birth counts): listed first when open (§13).
   */
  minor: z.boolean(),
  reporter: account.nullable(),
  author: account.nullable(),
  created_at: z.string(),
  resolved_at: z.string().nullable(),
  resolved_by: account.nullable(),
});
export type AdminReport = z.infer<typeof adminReportSchema>;

export const adminReportPageSchema = adminPageOf(adminReportSchema);
export type AdminReportPage = z.infer<typeof adminReportPageSchema>;

export const adminReportResolvedSchema = z.object({
  message: z.string(),
  report: adminReportSchema,
});
export type AdminReportResolved = z.infer<typeof adminReportResolvedSchema>;

/* ----------------------------------------------------------------- queues */

export const adminQueueParamsSchema = z.object({
  queue: z.enum(QUEUES),
  id: z.string().min(1).max(256),
});

/** A job that failed for good, with its reason; payloads carry ids only. */
export const adminFailedJobSchema = z.object({
  id: z.string(),
  queue: z.string(),
  name: z.string(),
  payload: z.unknown(),
  reason: z.string().nullable(),
  attempts: z.number().int().min(0),
  created_at: z.string().nullable(),
  finished_at: z.string().nullable(),
});
export type AdminFailedJob = z.infer<typeof adminFailedJobSchema>;

export const adminQueueCountsSchema = z.object({
  waiting: z.number().int().min(0),
  active: z.number().int().min(0),
  delayed: z.number().int().min(0),
  failed: z.number().int().min(0),
  completed: z.number().int().min(0),
});
export type AdminQueueCounts = z.infer<typeof adminQueueCountsSchema>;

/** `GET /api/admin/queues`. */
export const adminQueuesSchema = z.object({
  /** `bullmq` in the scaled mode (Redis), `inline` (the database's embedded queue) otherwise. */
  driver: z.enum(['bullmq', 'inline']),
  queues: z.array(
    z.object({
      name: z.string(),
      counts: adminQueueCountsSchema,
      failed_jobs: z.array(adminFailedJobSchema),
    }),
  ),
  outbox: z.object({
    /** Age of the oldest unpublished (and not dead-lettered) event; 0 when none waits. */
    outbox_lag_seconds: z.number().min(0),
    unpublished: z.number().int().min(0),
    dead_lettered: z.number().int().min(0),
  }),
  /** The BullMQ board exists (scaled mode): open it through `GET queues/board_link`. */
  board: z.boolean(),
});
export type AdminQueues = z.infer<typeof adminQueuesSchema>;

/** `GET /api/admin/queues/board_link`: a short-lived link that opens the board. */
export const adminBoardLinkSchema = z.object({ url: z.string(), expires_at: z.string() });
export type AdminBoardLink = z.infer<typeof adminBoardLinkSchema>;
