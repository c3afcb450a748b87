import { ArrowDown } from 'lucide-react';
import { Fragment } from 'react';
import { Spinner } from '@/components/ui/spinner';
import { useChatScroll } from '../hooks/use-chat-scroll';
import { dayKey, dayLabel } from '../lib/format';
import type { LogRow } from './message-bubble';
import { MessageBubble } from './message-bubble';

type MessageLogProps = {
  /** Oldest first. */
  rows: readonly LogRow[];
  hasOlder: boolean;
  loadingOlder: boolean;
  onLoadOlder: () => void;
  accentClassName: string;
  partnerName: string;
  /** The first message that was unread when the conversation opened ('New messages' above it). */
  unreadStartKey: string | null;
  now: number;
  onRetry: (clientId: string) => void;
};

const createdAt = (row: LogRow) =>
  row.kind === 'message' ? row.message.created_at : row.entry.created_at;

/**
 * The conversation (`role="log"`, named 'Messages'): day separators ('Today', 'Yesterday',
 * 'Mon 23 Nov') and the bubbles. Older pages load when the reader
 * scrolls near the top (or presses 'Load earlier messages'), keeping the reader's place.
 */
export function MessageLog({
  rows,
  hasOlder,
  loadingOlder,
  onLoadOlder,
  accentClassName,
  partnerName,
  unreadStartKey,
  now,
  onRetry,
}: MessageLogProps) {
  const newest = rows.at(-1);
  const { container, onScroll, onMediaLoad, away, jumpToLatest } = useChatScroll({
    oldestKey: rows[0]?.key ?? null,
    newestKey: newest?.key ?? null,
    newestIsMine: newest ? newest.kind === 'pending' || newest.mine : false,
    onNearTop: () => {
      if (hasOlder && !loadingOlder) onLoadOlder();
    },
  });

  return (
    <div className="relative flex min-h-0 flex-1 flex-col">
      <div
        ref={container}
        role="log"
        aria-label="Messages"
        // Focusable, so the history can be scrolled with the keyboard.
        tabIndex={0}
        onScroll={onScroll}
        className="min-h-0 flex-1 overflow-y-auto overscroll-contain bg-slate-50 px-3 py-4 sm:px-6"
      >
        <div className="flex min-h-full flex-col justify-end gap-1.5">
          {hasOlder ? (
            <div className="flex justify-center py-2">
              {loadingOlder ? (
                <span className="flex items-center gap-2 text-xs text-slate-500">
                  <Spinner /> Loading earlier messages…
                </span>
              ) : (
                <button
                  type="button"
                  onClick={onLoadOlder}
                  className="rounded-full px-3 py-1 text-xs font-medium text-slate-600 ring-1 ring-slate-200 hover:bg-white"
                >
                  Load earlier messages
                </button>
              )}
            </div>
          ) : rows.length > 0 ? (
            <p className="py-2 text-center text-xs text-slate-500">Start of your conversation</p>
          ) : (
            <p className="my-auto py-8 text-center text-sm text-slate-500">
              No messages yet. Say hello{partnerName ? ` to ${partnerName}` : ''}!
            </p>
          )}
          {rows.map((row, index) => {
            const previous = rows[index - 1];
            const newDay = !previous || dayKey(createdAt(previous)) !== dayKey(createdAt(row));
            return (
              <Fragment key={row.key}>
                {newDay ? (
                  <div
                    className="flex justify-center py-2"
                    role="separator"
                    aria-label={dayLabel(createdAt(row), now)}
                  >
                    <span className="rounded-full bg-white px-3 py-0.5 text-xs font-medium text-slate-500 shadow-sm ring-1 ring-slate-200">
                      {dayLabel(createdAt(row), now)}
                    </span>
                  </div>
                ) : null}
                {row.key === unreadStartKey ? (
                  <div
                    role="separator"
                    aria-label="New messages"
                    data-unread-start=""
                    className="flex items-center gap-3 py-1 text-xs font-semibold text-red-600"
                  >
                    <span aria-hidden="true" className="h-px flex-1 bg-red-200" />
                    New messages
                    <span aria-hidden="true" className="h-px flex-1 bg-red-200" />
                  </div>
                ) : null}
                <MessageBubble
                  row={row}
                  accentClassName={accentClassName}
                  partnerName={partnerName}
                  now={now}
                  onRetry={onRetry}
                  onMediaLoad={onMediaLoad}
                />
              </Fragment>
            );
          })}
        </div>
      </div>
      {away ? (
        <button
          type="button"
          onClick={jumpToLatest}
          className="absolute right-4 bottom-4 flex items-center gap-1.5 rounded-full bg-white px-3 py-1.5 text-xs font-semibold text-slate-700 shadow-md ring-1 ring-slate-200 hover:bg-slate-50"
        >
          <ArrowDown aria-hidden="true" className="size-4" />
          Jump to latest
        </button>
      ) : null}
    </div>
  );
}
