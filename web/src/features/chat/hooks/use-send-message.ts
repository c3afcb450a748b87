import type { QueryClient } from '@tanstack/react-query';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useSnapshot } from 'valtio';
import { ApiError } from '@/lib/api-client';
import { session } from '@/lib/session';
import { putMessage } from '../api/chat-cache';
import { sendMessage } from '../api/send-message';
import { newClientId } from '../lib/client-id';
import type { OutboxEntry } from '../stores/outbox';
import { addToOutbox, markFailed, markSending, outbox, removeFromOutbox } from '../stores/outbox';

/** Sends (or sends again) an outbox entry; on success the server's message replaces it. */
async function deliver(queryClient: QueryClient, entry: OutboxEntry): Promise<void> {
  markSending(entry.client_id);
  try {
    const message = await sendMessage(entry.thread_name, {
      text: entry.text,
      client_id: entry.client_id,
      image: entry.image,
    });
    putMessage(queryClient, message);
    removeFromOutbox(entry.client_id);
  } catch (error) {
    // A refusal says why (blocked, no longer allowed, too many messages); a lost connection or a
    // server error only needs 'Retry'.
    const refusal =
      error instanceof ApiError && error.status >= 400 && error.status < 500 ? error.message : null;
    markFailed(entry.client_id, refusal);
  }
}

/**
 * Optimistic sending: the message shows at once as 'Sending…', becomes the server's message when
 * the answer (or its echo on the socket) comes, or shows 'Not sent' with 'Retry', which sends the
 * same `client_id` again (the server never stores it twice).
 */
export function useSendMessage(threadName: string) {
  const queryClient = useQueryClient();
  const { user_id: myId } = useSnapshot(session);

  const send = useCallback(
    (text: string, image: File | null) => {
      if (!myId) return;
      const client_id = newClientId();
      addToOutbox({
        client_id,
        thread_name: threadName,
        sender_id: myId,
        text,
        image,
        created_at: new Date().toISOString(),
      });
      const entry = outbox.entries.find((e) => e.client_id === client_id);
      if (entry) void deliver(queryClient, entry);
    },
    [queryClient, threadName, myId],
  );

  const retry = useCallback(
    (clientId: string) => {
      const entry = outbox.entries.find((e) => e.client_id === clientId);
      if (entry && entry.status === 'failed') void deliver(queryClient, entry);
    },
    [queryClient],
  );

  return { send, retry };
}
