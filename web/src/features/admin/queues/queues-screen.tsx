import { ExternalLink, RefreshCw, RotateCcw, Trash2 } from 'lucide-react';
import type { AdminFailedJob, AdminQueues } from '@touchline/shared';
import { useState } from 'react';
import { Skeleton } from '@/components/skeleton';
import { Button } from '@/components/ui/button';
import { ScrollTable } from '@/components/ui/scroll-table';
import { showNotice } from '@/lib/toast';
import { useWideScreen } from '@/lib/use-wide-screen';
import { AdminPage, Badge, CELL, RowButton, errorText, lagosDateTime } from '../shared';
import { getBoardLink, useJobAction, useQueues } from './queues-api';

const JOB_COUNTS = ['waiting', 'active', 'delayed', 'failed', 'completed'] as const;
const DRIVER_LABELS: Record<AdminQueues['driver'], string> = {
  bullmq: 'BullMQ on Redis',
  inline: 'In-process queue',
};

/** "4 s", "3 min 20 s", "2 h 5 min". */
export function lagText(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  if (s < 60) return `${s} s`;
  if (s < 3600) return `${Math.floor(s / 60)} min${s % 60 ? ` ${s % 60} s` : ''}`;
  const minutes = Math.floor((s % 3600) / 60);
  return `${Math.floor(s / 3600)} h${minutes ? ` ${minutes} min` : ''}`;
}

/**
 * `/admin/queues`: the background jobs. Per queue the waiting, active, delayed, failed and
 * completed counts; every failed job with its reason, attempts and times (payloads carry ids
 * only), to retry or remove; the outbox lag and dead letters; the BullMQ board when it exists.
 */
export function AdminQueuesScreen() {
  const queues = useQueues();
  const [opening, setOpening] = useState(false);
  const data = queues.data;
  const wide = useWideScreen();

  async function openBoard() {
    setOpening(true);
    try {
      const { url } = await getBoardLink();
      window.open(url, '_blank', 'noopener');
    } catch (error) {
      showNotice(errorText(error) ?? 'Could not open the board', 'error');
    } finally {
      setOpening(false);
    }
  }

  return (
    <AdminPage
      title="Queues"
      description="Background jobs: notifications, e-mails, refunds and clean-ups. Failed jobs can be retried or removed."
      actions={
        <>
          <Button
            tone="secondary"
            loading={queues.isFetching && !queues.isPending}
            onClick={() => void queues.refetch()}
          >
            <RefreshCw className="size-4" aria-hidden="true" />
            Refresh
          </Button>
          {data?.board ? (
            <Button tone="admin" loading={opening} onClick={() => void openBoard()}>
              <ExternalLink className="size-4" aria-hidden="true" />
              BullMQ board
            </Button>
          ) : null}
        </>
      }
    >
      {queues.isPending ? (
        <div
          role="status"
          className="card space-y-2 p-4"
          aria-busy="true"
          aria-label="Loading queues"
        >
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="h-10 w-full" />
          ))}
        </div>
      ) : queues.isError && !data ? (
        <div
          role="alert"
          className="card flex flex-wrap items-center justify-between gap-3 p-4 text-sm"
        >
          <span className="text-slate-700">Could not load the queues.</span>
          <Button tone="secondary" onClick={() => void queues.refetch()}>
            Try again
          </Button>
        </div>
      ) : data ? (
        <>
          <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
            <Figure
              label="Outbox lag"
              value={lagText(data.outbox.outbox_lag_seconds)}
              warn={data.outbox.outbox_lag_seconds > 60}
            />
            <Figure
              label="Unpublished"
              value={String(data.outbox.unpublished)}
              warn={data.outbox.unpublished > 100}
            />
            <Figure
              label="Dead letters"
              value={String(data.outbox.dead_lettered)}
              warn={data.outbox.dead_lettered > 0}
            />
            <Figure
              label="Failed jobs"
              value={String(data.queues.reduce((sum, queue) => sum + queue.counts.failed, 0))}
              warn={data.queues.some((queue) => queue.counts.failed > 0)}
            />
          </dl>
          <section aria-labelledby="queue-counts" className="card p-4 sm:p-5">
            <h2 id="queue-counts" className="font-semibold text-slate-900">
              Queues{' '}
              <span className="text-sm font-normal text-slate-500">
                ({DRIVER_LABELS[data.driver]})
              </span>
            </h2>
            {wide ? (
              <ScrollTable
                caption="Jobs per queue"
                columns={['Queue', ...JOB_COUNTS.map((c) => c[0]!.toUpperCase() + c.slice(1))]}
                className="mt-3"
                minWidth="min-w-[36rem]"
              >
                {data.queues.map((queue) => (
                  <tr key={queue.name}>
                    <th
                      scope="row"
                      className={`${CELL.first} font-mono font-semibold text-slate-900`}
                    >
                      {queue.name}
                    </th>
                    {JOB_COUNTS.map((count, index) => (
                      <td
                        key={count}
                        className={`${index === JOB_COUNTS.length - 1 ? CELL.last : CELL.middle} tabular-nums ${
                          count === 'failed' && queue.counts.failed > 0
                            ? 'font-semibold text-red-700'
                            : 'text-slate-700'
                        }`}
                      >
                        {queue.counts[count]}
                      </td>
                    ))}
                  </tr>
                ))}
              </ScrollTable>
            ) : (
              <ul aria-label="Jobs per queue" className="mt-2 divide-y divide-slate-100">
                {data.queues.map((queue) => (
                  <li key={queue.name} aria-label={queue.name} className="py-2.5">
                    <span className="font-mono text-sm font-semibold text-slate-900">
                      {queue.name}
                    </span>
                    <dl className="mt-1 grid grid-cols-5 gap-1 text-center">
                      {JOB_COUNTS.map((count) => (
                        <div key={count}>
                          <dt className="text-[0.65rem] font-semibold tracking-wide text-slate-500 uppercase">
                            {count}
                          </dt>
                          <dd
                            className={`text-sm tabular-nums ${
                              count === 'failed' && queue.counts.failed > 0
                                ? 'font-semibold text-red-700'
                                : 'text-slate-800'
                            }`}
                          >
                            {queue.counts[count]}
                          </dd>
                        </div>
                      ))}
                    </dl>
                  </li>
                ))}
              </ul>
            )}
          </section>
          <FailedJobs jobs={data.queues.flatMap((queue) => queue.failed_jobs)} />
        </>
      ) : null}
    </AdminPage>
  );
}

function Figure({ label, value, warn }: { label: string; value: string; warn: boolean }) {
  return (
    <div className={`card p-4 ${warn ? 'ring-1 ring-amber-300' : ''}`}>
      <dt className="text-xs font-semibold tracking-wide text-slate-500 uppercase">{label}</dt>
      <dd
        className={`mt-1 text-xl font-bold tabular-nums ${warn ? 'text-amber-700' : 'text-slate-900'}`}
      >
        {value}
      </dd>
    </div>
  );
}

function FailedJobs({ jobs }: { jobs: readonly AdminFailedJob[] }) {
  const action = useJobAction();

  function act(job: AdminFailedJob, kind: 'retry' | 'remove') {
    action.mutate(
      { queue: job.queue, id: job.id, action: kind },
      { onError: (error) => showNotice(errorText(error) ?? 'Try again', 'error') },
    );
  }

  return (
    <section aria-labelledby="failed-jobs" className="card p-4 sm:p-5">
      <h2 id="failed-jobs" className="font-semibold text-slate-900">
        Failed jobs
      </h2>
      {jobs.length === 0 ? (
        <p className="mt-2 text-sm text-slate-500">No failed jobs.</p>
      ) : (
        <ul aria-label="Failed jobs" className="mt-3 space-y-3">
          {jobs.map((job) => (
            <li
              key={`${job.queue}/${job.id}`}
              aria-label={`${job.name} ${job.id} in ${job.queue}`}
              className="rounded-xl border border-slate-200 p-3"
            >
              <div className="flex flex-wrap items-center gap-2">
                <span className="font-mono text-sm font-semibold break-all text-slate-900">
                  {job.name}
                </span>
                <Badge tone="slate">{job.queue}</Badge>
                <Badge tone="red">
                  {job.attempts} attempt{job.attempts === 1 ? '' : 's'}
                </Badge>
                <span className="font-mono text-xs break-all text-slate-500">#{job.id}</span>
              </div>
              <p className="mt-2 text-sm break-words text-red-700">
                {job.reason || 'No reason recorded'}
              </p>
              <pre className="mt-2 max-h-32 overflow-auto rounded-lg bg-slate-50 p-2 font-mono text-xs break-all whitespace-pre-wrap text-slate-700">
                {JSON.stringify(job.payload)}
              </pre>
              <div className="mt-2 flex flex-wrap items-center justify-between gap-2">
                <p className="text-xs text-slate-500">
                  {job.created_at ? `Queued ${lagosDateTime(job.created_at)}` : null}
                  {job.finished_at ? ` · failed ${lagosDateTime(job.finished_at)}` : null}
                </p>
                <div className="flex gap-1.5">
                  <RowButton
                    label={`Remove ${job.name} ${job.id}`}
                    icon={<Trash2 aria-hidden="true" className="size-4" />}
                    danger
                    onClick={() => act(job, 'remove')}
                  >
                    Remove
                  </RowButton>
                  <RowButton
                    label={`Retry ${job.name} ${job.id}`}
                    icon={<RotateCcw aria-hidden="true" className="size-4" />}
                    onClick={() => act(job, 'retry')}
                  >
                    Retry
                  </RowButton>
                </div>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
