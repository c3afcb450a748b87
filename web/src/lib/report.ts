import { messageSchema } from '@touchline/shared';
import { useMutation } from '@tanstack/react-query';
import type { ReportReason, ReportTarget } from '@touchline/shared';
import { api } from '@/lib/api-client';

export type Report = {
  target: ReportTarget;
  /** A post's, comment's or message's id; a conversation's thread name. */
  id: string;
  reason: ReportReason;
  details: string;
};

/**
 * `POST /api/report {target, id, reason, details}` → `{message}` (to the administrators): posts and
 * comments (the feed), chat messages and conversations (the chat).
 */
export function sendReport(report: Report) {
  return api.post('report', report, messageSchema);
}

export function useReport() {
  return useMutation({ mutationFn: sendReport });
}
