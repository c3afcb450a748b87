import { messageSchema } from '@touchline/shared';
import { useMutation } from '@tanstack/react-query';
import type { ReportReason } from '@touchline/shared';
import { api } from '@/lib/api-client';

export type Report = {
  target: 'post' | 'comment';
  id: string;
  reason: ReportReason;
  details: string;
};

/** `POST /api/report {target, id, reason, details}` → `{message}` (to the administrators). */
export function sendReport(report: Report) {
  return api.post('report', report, messageSchema);
}

export function useReport() {
  return useMutation({ mutationFn: sendReport });
}
