import { useQuery } from '@tanstack/react-query';
import { ADMIN_OPS_MESSAGES, adminBoardLinkSchema, adminQueuesSchema } from '@touchline/shared';
import type { ResponseSchema } from '@/lib/api-client';
import { api } from '@/lib/api-client';
import { adminKey, useAdminAction } from '../shared';

/** `GET /api/admin/queues`: counts per queue, the failed jobs, the outbox lag; every 10 s. */
export function useQueues() {
  return useQuery({
    queryKey: adminKey('queues'),
    queryFn: ({ signal }) => api.get('admin/queues', adminQueuesSchema, { signal }),
    refetchInterval: 10_000,
  });
}

/** The answer to a retry or a removal is only waited for: the queues are fetched again. */
const done: ResponseSchema<unknown> = { parse: (data) => data };

export type JobAction = { queue: string; id: string; action: 'retry' | 'remove' };

/** `POST /api/admin/queues/{queue}/jobs/{id}/retry` or `DELETE /api/admin/queues/{queue}/jobs/{id}`. */
export function useJobAction() {
  return useAdminAction({
    run: ({ queue, id, action }: JobAction) => {
      const path = `admin/queues/${encodeURIComponent(queue)}/jobs/${encodeURIComponent(id)}`;
      return action === 'retry' ? api.post(`${path}/retry`, {}, done) : api.delete(path, done);
    },
    success: (_answer, { action }) =>
      action === 'retry' ? ADMIN_OPS_MESSAGES.jobRetried : ADMIN_OPS_MESSAGES.jobRemoved,
  });
}

/** `GET /api/admin/queues/board_link`: a short-lived link that opens the BullMQ board. */
export function getBoardLink() {
  return api.get('admin/queues/board_link', adminBoardLinkSchema);
}
