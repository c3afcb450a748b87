import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useSnapshot } from 'valtio';
import { chatKeys } from '@/api/chat';
import { session } from '@/lib/session';
import { useRealtimeEvent } from '@/lib/use-realtime';
import {
  keepLiveChangesThroughFetches,
  putMessage,
  putPresence,
  putReadPointer,
  setCounts,
} from '../api/chat-cache';

/**
 * Keeps every chat cache live from the socket, on every screen (the Messages badge too):
 * - `chat_message` / `chat_message_updated`: the message goes in (or replaces its row: matched
 *   by id, and by client id for this user's own sends), and the counts it carries (the caller's)
 *   replace ours. A stored event replayed after a reconnect changes nothing the second time.
 * - `chat_read`: a read pointer moves (ours from another tab, or the partner's 'Seen').
 * - `presence`: the partner's 'Online' / 'Last seen'.
 * - `ready` (after every (re)connect, once the missed events were replayed): the list, the open
 *   conversations and the total are fetched again, so nothing depends on the replay alone.
 * Typing is the open conversation's own (`useTyping`). A change that arrives while its cache is
 * being fetched is applied again after the fetch's answer lands.
 */
export function useChatLiveSync(): void {
  const queryClient = useQueryClient();
  const { user_id: myId } = useSnapshot(session);

  useEffect(() => keepLiveChangesThroughFetches(queryClient), [queryClient]);

  useRealtimeEvent('chat_message', ({ data }) => {
    putMessage(queryClient, data.message);
    const clientId = data.message.client_id;
    if (data.message.sender_id === myId && clientId) {
      // The outbox is the sending screens' (loaded with them): screens that never send (the
      // home page) do not download it for this.
      void import('../stores/outbox').then(({ removeFromOutbox }) => removeFromOutbox(clientId));
    }
    setCounts(queryClient, data.message.thread_name, data);
  });

  useRealtimeEvent('chat_message_updated', ({ data }) => {
    putMessage(queryClient, data.message);
    setCounts(queryClient, data.message.thread_name, data);
  });

  useRealtimeEvent('chat_read', ({ data }) => {
    putReadPointer(queryClient, data, myId);
    setCounts(queryClient, data.thread_name, data);
  });

  useRealtimeEvent('presence', ({ data }) => putPresence(queryClient, data));

  useRealtimeEvent('ready', () => {
    void queryClient.invalidateQueries({ queryKey: chatKeys.list });
    void queryClient.invalidateQueries({ queryKey: chatKeys.threads });
    void queryClient.invalidateQueries({ queryKey: chatKeys.unread });
  });
}
