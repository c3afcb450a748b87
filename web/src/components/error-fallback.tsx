import { CircleExclamationPoint, RefreshCw } from 'lucide-react';
import { StatusPage } from './status-page';

/** Status and text of an HTTP-like error (an ApiError or anything shaped like one). */
export function describeError(error: unknown): { status: number | null; text: string } {
  if (error && typeof error === 'object') {
    const { status, statusText, message } = error as {
      status?: unknown;
      statusText?: unknown;
      message?: unknown;
    };
    if (typeof status === 'number') {
      const text = typeof statusText === 'string' && statusText ? statusText : message;
      return { status, text: typeof text === 'string' ? text : '' };
    }
    if (typeof message === 'string' && message) return { status: null, text: message };
  }
  return { status: null, text: typeof error === 'string' ? error : 'Unexpected application error' };
}

/** Fallback for unexpected application errors (spec §8): a status plus text, or the message. */
export function ErrorFallback({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  const { status, text } = describeError(error);
  return (
    <StatusPage
      status={status ?? 'Oops'}
      title="Something went wrong"
      icon={<CircleExclamationPoint className="size-7" aria-hidden="true" />}
      body={
        <p role="alert" className="break-words">
          {status !== null ? `${status} ${text}`.trim() : text}
        </p>
      }
      actions={
        <>
          {onRetry ? (
            <button type="button" className="btn btn-player" onClick={onRetry}>
              <RefreshCw className="size-4" aria-hidden="true" />
              Try again
            </button>
          ) : null}
          <a href="/" className="btn btn-secondary">
            Go to the start page
          </a>
        </>
      }
    />
  );
}
