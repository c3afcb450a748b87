import { Download, FileArchive } from 'lucide-react';
import { useState } from 'react';
import { lagosReadableDate, lagosReadableDateTime, type DataExport } from '@touchline/shared';
import { Button } from '@/components/ui/button';
import { ApiError } from '@/lib/api-client';
import { downloadExport } from '../api/download-export';
import { useExportStatus } from '../api/get-export-status';
import { useRequestExport } from '../api/request-export';

const size = (bytes: number | null) =>
  bytes === null
    ? ''
    : bytes < 1024 * 1024
      ? `${Math.max(1, Math.round(bytes / 1024))} KB`
      : `${(bytes / (1024 * 1024)).toFixed(1)} MB`;

/** What the latest export's state reads as. */
function stateText(latest: DataExport): string {
  switch (latest.status) {
    case 'pending':
      return "We're preparing your data. We'll tell you here and by e-mail when it's ready.";
    case 'ready':
      return `Your data is ready (${size(latest.byte_size)}). You can download it until ${lagosReadableDateTime(new Date(latest.expires_at!))}.`;
    case 'failed':
      return 'Your last export could not be prepared. Ask for a new one.';
    default:
      return 'Your last export has expired (downloads are kept for 7 days).';
  }
}

/**
 * Supplement §15: ask for a copy of one's data, see its state (read again while it is being
 * prepared), download it while it is ready. One export a day; the server says when the next is
 * possible.
 */
export function ExportPanel() {
  const status = useExportStatus();
  const request = useRequestExport();
  const [downloading, setDownloading] = useState(false);
  const [downloadError, setDownloadError] = useState<string | null>(null);
  const latest = status.data?.export ?? null;
  const next = status.data?.next_export_at ?? null;
  const requestError =
    request.error instanceof ApiError
      ? request.error.message
      : request.error
        ? 'Something went wrong'
        : null;

  const download = async (item: DataExport) => {
    setDownloading(true);
    setDownloadError(null);
    try {
      await downloadExport(
        item.download_url!,
        `touchline-data-${item.created_at.slice(0, 10)}.zip`,
      );
    } catch (error) {
      setDownloadError(
        error instanceof ApiError ? error.message : 'The download failed. Try again.',
      );
      void status.refetch();
    } finally {
      setDownloading(false);
    }
  };

  return (
    <section
      aria-labelledby="export-title"
      className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-900/5 sm:p-6"
    >
      <div className="flex items-start gap-3">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-emerald-50 text-emerald-700">
          <FileArchive className="size-5" aria-hidden="true" />
        </span>
        <div>
          <h2 id="export-title" className="text-lg font-semibold text-slate-900">
            Download your data
          </h2>
          <p className="mt-1 text-sm leading-relaxed text-slate-600">
            Get a copy of everything you have put on Touchline in one ZIP file: your profile (with
            your private details), posts, comments, likes, friends and follows, messages, trial
            registrations, payments, notifications, and the pictures and videos you uploaded. You
            can ask for one export a day; each one can be downloaded for 7 days.
          </p>
        </div>
      </div>

      <div className="mt-4 space-y-3">
        {status.isPending ? (
          <p className="text-sm text-slate-500">Loading…</p>
        ) : latest ? (
          <p
            role="status"
            className="rounded-xl bg-slate-50 px-4 py-3 text-sm text-slate-700"
            data-export-status={latest.status}
          >
            {stateText(latest)}
          </p>
        ) : null}
        {latest?.status === 'ready' && latest.download_url ? (
          <Button onClick={() => void download(latest)} loading={downloading}>
            <Download className="size-4" aria-hidden="true" />
            Download ZIP
          </Button>
        ) : null}
        {downloadError ? (
          <p role="alert" className="text-sm text-red-700">
            {downloadError}
          </p>
        ) : null}
        {next ? (
          <p className="text-sm text-slate-500">
            You can ask for your next export from {lagosReadableDateTime(new Date(next))}.
          </p>
        ) : (
          <Button
            tone={latest?.status === 'ready' ? 'secondary' : 'player'}
            onClick={() => request.mutate()}
            loading={request.isPending}
            disabled={status.isPending}
          >
            Request my data
          </Button>
        )}
        {requestError ? (
          <p role="alert" className="text-sm text-red-700">
            {requestError}
          </p>
        ) : null}
        {latest?.status === 'ready' ? (
          <p className="text-xs text-slate-500">
            Ready since {lagosReadableDate(new Date(latest.ready_at!))}.
          </p>
        ) : null}
      </div>
    </section>
  );
}
