import { ExternalLink, RefreshCw } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { ScrollTable } from '@/components/ui/scroll-table';
import { showNotice } from '@/lib/toast';
import { AdminScreen, Badge, dateTime, errorText } from '../audit/list-kit';
import type { FailedJob, QueueView } from './api/queues';
import { getBoardLink, JOB_COUNTS, useJobAction, useQueues } from './api/queues';

/** "4 s", "3 min 20 s", "2 h 5 min". */
export function lagText(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  if (s < 60) return `${s} s`;
  if (s < 3600) return `${Math.floor(s / 60)} min${s % 60 ? ` ${s % 60} s` : ''}`;
  return `${Math.floor(s / 3600)} h${Math.floor((s % 3600) / 60) ? ` ${Math.floor((s % 3600) / 60)} min` : ''}`;
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

  async function openBoard() {
    setOpening(true);
    try {
      const { url } = await getBoardLink();
      window.open(url, '_blank', 'noopener');
    } catch (error) {
      showNotice(errorText(error), 'error');
    } finally {
      setOpening(false);
    }
  }

  return (
    <AdminScreen
      title="Queues"
      intro="Background jobs: notifications, e-mails, refunds and clean-ups. Failed jobs can be retried or removed."
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
        <p className="mt-6 text-sm text-slate-500" aria-busy="true">
          Loading…
        </p>
      ) : queues.isError ? (
        <div
          role="alert"
          className="card mt-6 flex flex-wrap items-center gap-3 p-4 text-sm text-slate-600"
        >
          Could not load the queues.
          <Button tone="secondary" onClick={() => void queues.refetch()}>
            Try again
          </Button>
        </div>
      ) : data ? (
        <>
          <dl className="mt-6 grid grid-cols-2 gap-3 sm:grid-cols-3">
            <Figure
              label="Outbox lag"
              value={lagText(data.outbox_lag_seconds)}
              warn={data.outbox_lag_seconds > 60}
            />
            <Figure
              label="Dead letters"
              value={String(data.dead_lettered)}
              warn={data.dead_lettered > 0}
            />
            <Figure
              label="Failed jobs"
              value={String(data.queues.reduce((sum, queue) => sum + queue.failed, 0))}
              warn={data.queues.some((queue) => queue.failed > 0)}
            />
          </dl>
          <section aria-labelledby="queue-counts" className="card mt-4 p-4 sm:p-6">
            <h2 id="queue-counts" className="text-lg font-semibold text-slate-900">
              Queues
              {data.mode ? (
                <span className="ml-2 text-sm font-normal text-slate-500">({data.mode} mode)</span>
              ) : null}
            </h2>
            <ScrollTable
              caption="Jobs per queue"
              columns={['Queue', 'Waiting', 'Active', 'Delayed', 'Failed', 'Completed']}
              className="mt-3"
              minWidth="min-w-[36rem]"
            >
              {data.queues.map((queue) => (
                <tr key={queue.name}>
                  <th
                    scope="row"
                    className="px-4 py-2.5 font-mono text-xs font-semibold text-slate-900 sm:pl-0"
                  >
                    {queue.name}
                  </th>
                  {JOB_COUNTS.map((count, index) => (
                    <td
                      key={count}
                      className={`${index === JOB_COUNTS.length - 1 ? 'px-4 sm:pr-0' : 'px-3'} py-2.5 tabular-nums ${
                        count === 'failed' && queue.failed > 0
                          ? 'font-semibold text-red-700'
                          : 'text-slate-700'
                      }`}
                    >
                      {queue[count]}
                    </td>
                  ))}
                </tr>
              ))}
            </ScrollTable>
          </section>
          <FailedJobs queues={data.queues} />
        </>
      ) : null}
    </AdminScreen>
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

function FailedJobs({ queues }: { queues: readonly QueueView[] }) {
  const action = useJobAction();
  const jobs = queues.flatMap((queue) =>
    queue.failed_jobs.map((job) => ({ queue: queue.name, job })),
  );
  const busy = action.isPending ? action.variables : undefined;

  function act(queue: string, job: FailedJob, kind: 'retry' | 'remove') {
    action.mutate(
      { queue, id: job.id, action: kind },
      {
        onSuccess: () =>
          showNotice(kind === 'retry' ? 'Job queued again' : 'Job removed', 'success'),
        onError: (error) => showNotice(errorText(error), 'error'),
      },
    );
  }

  return (
    <section aria-labelledby="failed-jobs" className="card mt-4 p-4 sm:p-6">
      <h2 id="failed-jobs" className="text-lg font-semibold text-slate-900">
        Failed jobs
      </h2>
      {jobs.length === 0 ? (
        <p className="mt-2 text-sm text-slate-500">No failed jobs.</p>
      ) : (
        <ul aria-label="Failed jobs" className="mt-3 space-y-3">
          {jobs.map(({ queue, job }) => {
            const mine = busy?.queue === queue && busy.id === job.id;
            return (
              <li
                key={`${queue}/${job.id}`}
                aria-label={`${job.name || 'Job'} ${job.id} in ${queue}`}
                className="rounded-xl border border-slate-200 p-3"
              >
                <div className="flex flex-wrap items-center gap-2">
                  <span className="font-mono text-sm font-semibold text-slate-900">
                    {job.name || 'job'}
                  </span>
                  <Badge tone="slate">{queue}</Badge>
                  <Badge tone="red">
                    {job.attempts} attempt{job.attempts === 1 ? '' : 's'}
                  </Badge>
                  <span className="font-mono text-xs break-all text-slate-500">#{job.id}</span>
                </div>
                <p className="mt-2 text-sm break-words text-red-700">
                  {job.failed_reason || 'No reason recorded'}
                </p>
                <pre className="mt-2 max-h-32 overflow-auto rounded-lg bg-slate-50 p-2 font-mono text-xs break-all whitespace-pre-wrap text-slate-700">
                  {JSON.stringify(job.data)}
                </pre>
                <div className="mt-2 flex flex-wrap items-center justify-between gap-2">
                  <p className="text-xs text-slate-500">
                    {job.created_at ? `Queued ${dateTime(job.created_at)}` : null}
                    {job.failed_at ? ` · failed ${dateTime(job.failed_at)}` : null}
                  </p>
                  <div className="flex gap-2">
                    <Button
                      tone="secondary"
                      className="px-3 py-1.5 text-sm"
                      disabled={action.isPending}
                      loading={mine && busy?.action === 'remove'}
                      onClick={() => act(queue, job, 'remove')}
                    >
                      Remove
                    </Button>
                    <Button
                      tone="admin"
                      className="px-3 py-1.5 text-sm"
                      disabled={action.isPending}
                      loading={mine && busy?.action === 'retry'}
                      onClick={() => act(queue, job, 'retry')}
                    >
                      Retry
                    </Button>
                  </div>
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
