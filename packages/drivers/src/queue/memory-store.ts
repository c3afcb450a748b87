import type { QueueName } from '@touchline/shared';
import type {
  ClaimedJob,
  FailedJobView,
  JobStore,
  NewStoredJob,
  QueueJobCounts,
  StoredJobState,
} from '../types';

type Row = {
  id: string;
  seq: number;
  queue: QueueName;
  name: string;
  payload: unknown;
  state: StoredJobState;
  attempts: number;
  runAt: number;
  lockedUntil: number;
  lastError: string | null;
  createdAt: number;
  finishedAt: number | null;
};

export type MemoryJobStore = JobStore & {
  /** What is stored, for tests: one entry per job id. */
  snapshot(): { id: string; state: StoredJobState; attempts: number; lastError: string | null }[];
};

/**
 * A job store in memory: the inline queue's contract without a database (the drivers' own tests,
 * and a queue shared by two instances in one process to simulate a restart). Nothing survives the
 * process. The database store of the embedded mode lives in `@touchline/db`.
 */
export function createMemoryJobStore(clock: () => number = Date.now): MemoryJobStore {
  const rows = new Map<string, Row>();
  let seq = 0;

  function current(id: string, attempt: number): Row | undefined {
    const row = rows.get(id);
    return row && row.state === 'running' && row.attempts === attempt ? row : undefined;
  }

  return {
    async insert(job: NewStoredJob) {
      if (rows.has(job.id)) return false;
      rows.set(job.id, {
        id: job.id,
        seq: (seq += 1),
        queue: job.queue,
        name: job.name,
        payload: structuredClone(job.payload),
        state: 'waiting',
        attempts: 0,
        runAt: clock() + Math.max(0, job.delayMs),
        lockedUntil: 0,
        lastError: null,
        createdAt: clock(),
        finishedAt: null,
      });
      return true;
    },

    async dueQueues() {
      const now = clock();
      const due = new Set<QueueName>();
      for (const row of rows.values()) {
        if (
          (row.state === 'waiting' && row.runAt <= now) ||
          (row.state === 'running' && row.lockedUntil < now)
        )
          due.add(row.queue);
      }
      return [...due];
    },

    async claim(queue, limit, leaseMs) {
      const now = clock();
      const due = [...rows.values()]
        .filter(
          (row) =>
            row.queue === queue &&
            ((row.state === 'waiting' && row.runAt <= now) ||
              (row.state === 'running' && row.lockedUntil < now)),
        )
        .sort((a, b) => a.runAt - b.runAt || a.seq - b.seq)
        .slice(0, limit);
      return due.map((row): ClaimedJob => {
        row.state = 'running';
        row.attempts += 1;
        row.lockedUntil = now + leaseMs;
        return {
          id: row.id,
          name: row.name,
          payload: structuredClone(row.payload),
          attempt: row.attempts,
        };
      });
    },

    async extend(ids, leaseMs) {
      for (const id of ids) {
        const row = rows.get(id);
        if (row?.state === 'running') row.lockedUntil = clock() + leaseMs;
      }
    },

    async complete(id, attempt) {
      const row = current(id, attempt);
      if (row) Object.assign(row, { state: 'done', finishedAt: clock() });
    },

    async retryLater(id, attempt, delayMs, error) {
      const row = current(id, attempt);
      if (!row) return;
      Object.assign(row, { state: 'waiting', runAt: clock() + delayMs, lastError: error });
    },

    async fail(id, attempt, error) {
      const row = current(id, attempt);
      if (row) Object.assign(row, { state: 'failed', lastError: error, finishedAt: clock() });
    },

    async retry(id) {
      const row = rows.get(id);
      if (row?.state !== 'failed') return false;
      Object.assign(row, { state: 'waiting', attempts: 0, runAt: clock(), finishedAt: null });
      return true;
    },

    async queueOf(id) {
      return rows.get(id)?.queue ?? null;
    },

    async counts() {
      const now = clock();
      const out: Record<string, QueueJobCounts> = {};
      for (const row of rows.values()) {
        const c = (out[row.queue] ??= {
          waiting: 0,
          active: 0,
          delayed: 0,
          failed: 0,
          completed: 0,
        });
        if (row.state === 'waiting') c[row.runAt > now ? 'delayed' : 'waiting'] += 1;
        else if (row.state === 'running') c.active += 1;
        else if (row.state === 'failed') c.failed += 1;
        else c.completed += 1;
      }
      return out;
    },

    async failed(queue, limit) {
      return [...rows.values()]
        .filter((row) => row.queue === queue && row.state === 'failed')
        .sort((a, b) => (b.finishedAt ?? 0) - (a.finishedAt ?? 0) || b.seq - a.seq)
        .slice(0, limit)
        .map((row): FailedJobView => ({
          id: row.id,
          queue: row.queue,
          name: row.name,
          payload: structuredClone(row.payload),
          reason: row.lastError,
          attempts: row.attempts,
          createdAt: new Date(row.createdAt),
          finishedAt: row.finishedAt === null ? null : new Date(row.finishedAt),
        }));
    },

    async remove(id) {
      const row = rows.get(id);
      if (!row || row.state === 'running') return false;
      rows.delete(id);
      return true;
    },

    async state(id) {
      return rows.get(id)?.state ?? null;
    },

    async recover() {
      let recovered = 0;
      for (const row of rows.values()) {
        if (row.state !== 'running') continue;
        Object.assign(row, { state: 'waiting', runAt: clock() });
        recovered += 1;
      }
      return recovered;
    },

    snapshot() {
      return [...rows.values()].map(({ id, state, attempts, lastError }) => ({
        id,
        state,
        attempts,
        lastError,
      }));
    },
  };
}
