import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ResponseSchema } from '@/lib/api-client';
import { api } from '@/lib/api-client';
import { anyAnswer } from '@/features/admin/audit/list-kit';

export const JOB_COUNTS = ['waiting', 'active', 'delayed', 'failed', 'completed'] as const;
export type JobCount = (typeof JOB_COUNTS)[number];

export type FailedJob = {
  id: string;
  name: string;
  /** The payload: ids, enums and numbers only. */
  data: unknown;
  failed_reason: string;
  attempts: number;
  created_at: string | null;
  failed_at: string | null;
};

export type QueueView = Record<JobCount, number> & { name: string; failed_jobs: FailedJob[] };

export type QueuesView = {
  mode: string;
  queues: QueueView[];
  outbox_lag_seconds: number;
  dead_lettered: number;
  /** The BullMQ board exists (the scaled mode). */
  board: boolean;
};

const asNumber = (value: unknown) => (typeof value === 'number' ? value : 0);
const asText = (value: unknown) => (typeof value === 'string' ? value : '');
const asTime = (value: unknown): string | null =>
  typeof value === 'string'
    ? value
    : typeof value === 'number'
      ? new Date(value).toISOString()
      : null;

function failedJob(raw: Record<string, unknown>): FailedJob {
  return {
    id: String(raw.id ?? ''),
    name: asText(raw.name),
    data: raw.data ?? raw.payload ?? null,
    failed_reason: asText(raw.failed_reason ?? raw.reason ?? raw.error),
    attempts: asNumber(raw.attempts ?? raw.attempts_made),
    created_at: asTime(raw.created_at ?? raw.timestamp),
    failed_at: asTime(raw.failed_at ?? raw.finished_at ?? raw.finished_on),
  };
}

/** Reads `GET /api/admin/queues`. */
const queuesSchema: ResponseSchema<QueuesView> = {
  parse: (data) => {
    const body = data as Record<string, unknown> | null;
    if (!body || !Array.isArray(body.queues)) throw new TypeError('Expected the queues');
    const queues = (body.queues as Record<string, unknown>[]).map((raw) => {
      const counts = (raw.counts ?? raw) as Record<string, unknown>;
      const failed = (raw.failed_jobs ?? raw.failed_list ?? []) as Record<string, unknown>[];
      return {
        name: asText(raw.name),
        waiting: asNumber(counts.waiting),
        active: asNumber(counts.active),
        delayed: asNumber(counts.delayed),
        failed: asNumber(counts.failed),
        completed: asNumber(counts.completed),
        failed_jobs: failed.map(failedJob),
      };
    });
    return {
      mode: asText(body.mode),
      queues,
      outbox_lag_seconds: asNumber(body.outbox_lag_seconds),
      dead_lettered: asNumber(body.dead_lettered ?? body.dead_lettered_count),
      board: Boolean(body.board ?? body.board_available ?? body.has_board),
    };
  },
};

const queueKeys = { all: ['admin', 'queues'] as const };

/** `GET /api/admin/queues`: counts per queue, the failed jobs, the outbox lag. */
export function getQueues(signal?: AbortSignal) {
  return api.get('admin/queues', queuesSchema, { signal });
}

export function useQueues() {
  return useQuery({
    queryKey: queueKeys.all,
    queryFn: ({ signal }) => getQueues(signal),
    refetchInterval: 10_000,
  });
}

type JobRef = { queue: string; id: string };
const jobPath = ({ queue, id }: JobRef) =>
  `admin/queues/${encodeURIComponent(queue)}/jobs/${encodeURIComponent(id)}`;

/** `POST /api/admin/queues/{queue}/jobs/{id}/retry` or `DELETE …/jobs/{id}`. */
export function useJobAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ action, ...job }: JobRef & { action: 'retry' | 'remove' }) =>
      action === 'retry'
        ? api.post(`${jobPath(job)}/retry`, {}, anyAnswer)
        : api.delete(jobPath(job), anyAnswer),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['admin'] }),
  });
}

const linkSchema: ResponseSchema<{ url: string }> = {
  parse: (data) => {
    const url = (data as { url?: unknown } | null)?.url;
    if (typeof url !== 'string') throw new TypeError('Expected a link');
    return { url };
  },
};

/** `GET /api/admin/queues/board_link`: a short-lived link that opens the BullMQ board. */
export function getBoardLink() {
  return api.get('admin/queues/board_link', linkSchema);
}
