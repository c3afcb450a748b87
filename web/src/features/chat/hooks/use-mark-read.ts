import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { ChatMessage, ChatThread } from '@touchline/shared';
import { setCounts, updateThread } from '../api/chat-cache';
import { markRead } from '../api/mark-read';
import { isNewer } from '../lib/format';
import { useDocumentVisible } from './use-document-visible';

/**
 * While the conversation is open and the page visible, the newest message from the partner is
 * marked read (this is also what keeps the 'New message' notification away). Each message is
 * posted once; a failed post is tried again by the next change.
 */
export function useMarkRead(thread: ChatThread | undefined, messages: readonly ChatMessage[]) {
  const queryClient = useQueryClient();
  const visible = useDocumentVisible();
  const posted = useRef<{ threadName: string; id: string } | null>(null);

  const partnerId = thread?.partner.id;
  const newest = messages.find((message) => message.sender_id === partnerId)?.id ?? null;
  const myPointer = thread?.my_last_read_message_id ?? null;
  const threadName = thread?.thread_name;

  useEffect(() => {
    if (!threadName || !newest || !visible) return;
    if (!isNewer(newest, myPointer)) return;
    const last = posted.current;
    if (last?.threadName === threadName && !isNewer(newest, last.id)) return;
    posted.current = { threadName, id: newest };
    markRead(threadName, newest).then(
      (counts) => {
        updateThread(queryClient, threadName, (current) =>
          isNewer(newest, current.my_last_read_message_id)
            ? { ...current, my_last_read_message_id: newest }
            : current,
        );
        setCounts(queryClient, threadName, counts);
      },
      () => {
        if (posted.current?.id === newest) posted.current = null;
      },
    );
  }, [queryClient, threadName, newest, myPointer, visible]);
}
