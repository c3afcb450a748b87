import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useSnapshot } from 'valtio';
import { Link } from 'wouter';
import type { ChatThread } from '@touchline/shared';
import { CHAT_MESSAGES } from '@touchline/shared';
import { chatKeys } from '@/api/chat';
import { useAwaitingConsent } from '@/api/consent';
import { accentFor } from '@/components/layout/role-accent';
import { Spinner } from '@/components/ui/spinner';
import { WaitingForGuardian } from '@/components/waiting-for-guardian';
import { ApiError } from '@/lib/api-client';
import { session } from '@/lib/session';
import type { ChatListData } from '../api/get-chat-list';
import { useChatThread } from '../api/get-chat-page';
import { useMarkRead } from '../hooks/use-mark-read';
import { useChatLinks } from '../lib/chat-links';
import { isNewer } from '../lib/format';
import { useSendMessage } from '../hooks/use-send-message';
import { usePartnerTyping, useTypingSender } from '../hooks/use-typing';
import { outbox } from '../stores/outbox';
import { Composer } from './composer';
import { ConversationHeader } from './conversation-header';
import type { LogRow } from './message-bubble';
import { MessageLog } from './message-log';

/** The accent classes of own bubbles and the send button (players green, academies indigo). */
const BUBBLE = {
  player: 'bg-brand-700 text-white hover:enabled:bg-brand-800',
  academy: 'bg-academy-600 text-white hover:enabled:bg-academy-700',
} as const;

/**
 * One conversation (keyed by its name, so its state starts afresh for each): header, log and
 * composer. Marks the partner's newest message read while it is open and the page visible.
 */
export function ConversationPane({ threadName, now }: { threadName: string; now: number }) {
  const query = useChatThread(threadName);
  const queryClient = useQueryClient();
  const { user_id: myId, role } = useSnapshot(session);
  const { entries } = useSnapshot(outbox);
  const accent = BUBBLE[accentFor(role).name];
  const links = useChatLinks();
  const waiting = useAwaitingConsent();

  const listed = useMemo(
    () =>
      queryClient
        .getQueryData<ChatListData>(chatKeys.list)
        ?.pages.flatMap((page) => page.threads)
        .find((thread) => thread.thread_name === threadName),
    [queryClient, threadName],
  );
  const thread: ChatThread | undefined = query.data?.pages[0]?.thread ?? listed;
  const partner = thread?.partner ?? null;

  /** Newest first, as the server pages them. */
  const messages = useMemo(
    () => query.data?.pages.flatMap((page) => page.messages) ?? [],
    [query.data],
  );

  const rows = useMemo<LogRow[]>(() => {
    const seenUpTo = thread?.partner_last_read_message_id ?? null;
    const seenId = seenUpTo
      ? messages.find((m) => m.sender_id === myId && m.id <= seenUpTo)?.id
      : undefined;
    const serverRows: LogRow[] = messages
      .map((message) => ({
        kind: 'message' as const,
        key: message.client_id && message.sender_id === myId ? message.client_id : message.id,
        message,
        mine: message.sender_id === myId,
        seen: message.id === seenId,
      }))
      .reverse();
    const confirmed = new Set(
      messages.filter((m) => m.sender_id === myId && m.client_id).map((m) => m.client_id),
    );
    const pending: LogRow[] = entries
      .filter(
        (entry) =>
          entry.thread_name === threadName &&
          entry.sender_id === myId &&
          !confirmed.has(entry.client_id),
      )
      .map((entry) => ({ kind: 'pending' as const, key: entry.client_id, entry }));
    return [...serverRows, ...pending];
  }, [messages, entries, threadName, myId, thread?.partner_last_read_message_id]);

  // Where the unread messages began when the conversation opened: a 'New messages' line stays
  // there while it is open (reading it moves the pointer at once, so it is taken first).
  const [unreadStart, setUnreadStart] = useState<{ key: string | null } | null>(null);
  if (unreadStart === null && query.data) {
    const opened = query.data.pages[0]?.thread;
    const pointer = opened?.my_last_read_message_id ?? null;
    const oldestUnread = opened?.unread_count
      ? messages
          .filter((m) => m.sender_id === opened.partner.id && !m.deleted && isNewer(m.id, pointer))
          .at(-1)
      : undefined;
    setUnreadStart({ key: oldestUnread?.id ?? null });
  }

  useMarkRead(thread, messages);
  const typing = usePartnerTyping(threadName, partner?.id);
  const onTyping = useTypingSender(threadName);
  const { send, retry } = useSendMessage(threadName);

  if (query.isError) {
    const notFound = query.error instanceof ApiError && query.error.status === 404;
    return (
      <div className="flex flex-1 flex-col items-center justify-center gap-3 p-6 text-center">
        <p className="text-base font-semibold text-slate-800" role="alert">
          {notFound ? CHAT_MESSAGES.notFound : 'Could not load this conversation.'}
        </p>
        {notFound ? (
          <Link href={links.list} className="btn btn-secondary px-3 py-1.5 text-sm">
            Back to conversations
          </Link>
        ) : (
          <button
            type="button"
            onClick={() => void query.refetch()}
            className="btn btn-secondary px-3 py-1.5 text-sm"
          >
            Try again
          </button>
        )}
      </div>
    );
  }

  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <ConversationHeader partner={partner} typing={typing} now={now} threadName={threadName} />
      {query.isPending ? (
        <div className="flex flex-1 items-center justify-center text-slate-400" aria-busy="true">
          <Spinner className="size-6" />
        </div>
      ) : (
        <MessageLog
          rows={rows}
          hasOlder={query.hasNextPage}
          loadingOlder={query.isFetchingNextPage}
          onLoadOlder={() => void query.fetchNextPage()}
          accentClassName={accent}
          partnerName={partner?.username ?? ''}
          unreadStartKey={unreadStart?.key ?? null}
          now={now}
          onRetry={retry}
        />
      )}
      {waiting ? (
        <div className="border-t border-slate-200 p-3">
          <WaitingForGuardian action="send messages" />
        </div>
      ) : (
        <Composer
          draftKey={`${myId ?? ''}:${threadName}`}
          onSend={send}
          onTyping={onTyping}
          accentClassName={accent}
        />
      )}
    </div>
  );
}
