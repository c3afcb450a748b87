import { AlertCircle } from 'lucide-react';
import type { KeyboardEvent } from 'react';
import { useState } from 'react';
import type { ChatMessage } from '@touchline/shared';
import { CHAT_LIMITS, CHAT_MESSAGES } from '@touchline/shared';
import { fullTime } from '@/lib/relative-time';
import { useEditMessage } from '../api/change-message';
import { timeLabel } from '../lib/format';
import type { OutboxEntry } from '../stores/outbox';
import { MessageActions } from './message-actions';
import { ReportMenu } from './report-menu';

/** One row of the log: a message the server has, or one of this tab's unconfirmed sends. */
export type LogRow =
  | { kind: 'message'; key: string; message: ChatMessage; mine: boolean; seen: boolean }
  | { kind: 'pending'; key: string; entry: OutboxEntry };

type BubbleProps = {
  row: LogRow;
  /** Own bubbles' colour ('bg-brand-700 text-white' for players). */
  accentClassName: string;
  /** The partner's name (the alternative text of their pictures). */
  partnerName: string;
  now: number;
  onRetry: (clientId: string) => void;
  onMediaLoad: () => void;
};

/**
 * A message: picture, text, time and 'edited'; a deleted one reads 'message deleted'. Own
 * messages sit on the right with their state under them ('Sending…', 'Not sent' + 'Retry', or
 * 'Seen' under the last one the partner has read) and, for 15 minutes, the edit/delete menu.
 */
export function MessageBubble({
  row,
  accentClassName,
  partnerName,
  now,
  onRetry,
  onMediaLoad,
}: BubbleProps) {
  const [editing, setEditing] = useState(false);
  const mine = row.kind === 'pending' || row.mine;
  const message: Pick<ChatMessage, 'text' | 'image' | 'created_at' | 'edited_at' | 'deleted'> =
    row.kind === 'message'
      ? row.message
      : {
          text: row.entry.text,
          image: row.entry.preview,
          created_at: row.entry.created_at,
          edited_at: null,
          deleted: false,
        };
  const changeable =
    row.kind === 'message' &&
    row.mine &&
    !row.message.deleted &&
    now - new Date(row.message.created_at).getTime() < CHAT_LIMITS.editWindowMs;

  const colours = message.deleted
    ? 'border border-dashed border-slate-300 bg-white text-slate-500'
    : mine
      ? `${accentClassName} ${row.kind === 'pending' && row.entry.status === 'failed' ? 'opacity-70' : ''}`
      : 'bg-white text-slate-900 ring-1 ring-slate-200';

  return (
    <div
      data-message-key={row.key}
      className={`group flex items-center gap-1 ${mine ? 'justify-end' : 'justify-start'}`}
    >
      {changeable && !editing && row.kind === 'message' ? (
        <MessageActions messageId={row.message.id} onEdit={() => setEditing(true)} />
      ) : null}
      <div
        className={`flex max-w-[85%] flex-col sm:max-w-[70%] ${mine ? 'items-end' : 'items-start'}`}
      >
        {editing && row.kind === 'message' ? (
          <EditForm message={row.message} onDone={() => setEditing(false)} />
        ) : (
          <div
            className={`overflow-hidden rounded-2xl shadow-sm ${mine ? 'rounded-br-md' : 'rounded-bl-md'} ${colours}`}
          >
            {message.image && !message.deleted ? (
              <a href={message.image} target="_blank" rel="noreferrer" className="block">
                <img
                  src={message.image}
                  alt={mine ? 'Your picture' : `Picture from ${partnerName}`}
                  onLoad={onMediaLoad}
                  className="max-h-72 w-full max-w-xs object-cover"
                />
              </a>
            ) : null}
            <div className="px-3.5 py-2">
              {message.deleted ? (
                <p className="text-sm italic">{CHAT_MESSAGES.deletedText}</p>
              ) : message.text ? (
                <p className="text-[0.9375rem] leading-snug break-words whitespace-pre-wrap">
                  {message.text}
                </p>
              ) : null}
              <p
                className={`mt-0.5 flex justify-end gap-1.5 text-[0.6875rem] ${
                  mine && !message.deleted ? 'text-white/90' : 'text-slate-500'
                }`}
              >
                {message.edited_at && !message.deleted ? <span>edited</span> : null}
                <time dateTime={message.created_at} title={fullTime(message.created_at)}>
                  {timeLabel(message.created_at)}
                </time>
              </p>
            </div>
          </div>
        )}
        <DeliveryState row={row} onRetry={onRetry} />
      </div>
      {row.kind === 'message' && !row.mine && !message.deleted ? (
        <ReportMenu
          target="message"
          id={row.message.id}
          label="Options for this message"
          itemLabel="Report"
          triggerClassName="flex size-7 items-center justify-center rounded-full text-slate-400 group-hover:opacity-100 hover:bg-slate-100 hover:text-slate-700 focus-visible:opacity-100 aria-expanded:opacity-100 [@media(hover:hover)]:opacity-0"
        />
      ) : null}
    </div>
  );
}

function DeliveryState({ row, onRetry }: { row: LogRow; onRetry: (clientId: string) => void }) {
  if (row.kind === 'message') {
    return row.seen ? <p className="mt-0.5 px-1 text-[0.6875rem] text-slate-500">Seen</p> : null;
  }
  if (row.entry.status === 'sending') {
    return <p className="mt-0.5 px-1 text-[0.6875rem] text-slate-500">Sending…</p>;
  }
  return (
    <div className="mt-0.5 flex max-w-full flex-wrap items-center justify-end gap-x-2 px-1 text-xs text-red-600">
      <AlertCircle aria-hidden="true" className="size-3.5 shrink-0" />
      <span>Not sent</span>
      {row.entry.error ? <span className="text-red-700">{row.entry.error}</span> : null}
      <button
        type="button"
        onClick={() => onRetry(row.entry.client_id)}
        className="-my-1 rounded px-1.5 py-1 font-semibold underline underline-offset-2 hover:bg-red-50 hover:text-red-700"
      >
        Retry
      </button>
    </div>
  );
}

/** Edits a message in place: Enter (or 'Save') saves, Escape (or 'Cancel') leaves it as it was. */
function EditForm({ message, onDone }: { message: ChatMessage; onDone: () => void }) {
  const [text, setText] = useState(message.text);
  const edit = useEditMessage();
  const problem =
    text.length > CHAT_LIMITS.textMax
      ? CHAT_MESSAGES.tooLong
      : text.trim() === '' && !message.image
        ? CHAT_MESSAGES.empty
        : null;

  const save = () => {
    if (problem) return;
    if (text.trim() === message.text) return onDone();
    edit.mutate({ id: message.id, text: text.trim() }, { onSuccess: onDone });
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      onDone();
    } else if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      save();
    }
  };

  return (
    <form
      className="w-72 max-w-full rounded-2xl bg-white p-2 shadow-sm ring-1 ring-slate-300"
      onSubmit={(event) => {
        event.preventDefault();
        save();
      }}
    >
      <textarea
        value={text}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={onKeyDown}
        aria-label="Edit message text"
        rows={3}
        autoFocus
        className="w-full resize-none rounded-lg border border-slate-200 px-2 py-1.5 text-sm focus:border-slate-400 focus:ring-2 focus:ring-brand-600/30 focus:outline-none"
      />
      {problem ? <p className="px-1 text-xs text-red-600">{problem}</p> : null}
      <div className="mt-1 flex justify-end gap-2">
        <button type="button" onClick={onDone} className="btn btn-secondary px-3 py-1 text-sm">
          Cancel
        </button>
        <button
          type="submit"
          disabled={Boolean(problem) || edit.isPending}
          className="btn btn-player px-3 py-1 text-sm"
        >
          Save
        </button>
      </div>
    </form>
  );
}
