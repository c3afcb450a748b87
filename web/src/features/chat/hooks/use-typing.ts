import { useCallback, useEffect, useRef, useState } from 'react';
import { CHAT_LIMITS } from '@touchline/shared';
import { realtime } from '@/lib/realtime';
import { useRealtimeEvent } from '@/lib/use-realtime';

/**
 * Tells the partner this user is typing: `{type: 'typing', thread_name}` on the socket, at most
 * once every `CHAT_LIMITS.typingThrottleMs` (the server drops more anyway). Nothing is queued
 * while the socket is down: it would be stale by the time it arrives.
 */
export function useTypingSender(threadName: string): () => void {
  const lastSent = useRef(0);
  return useCallback(() => {
    const now = Date.now();
    if (now - lastSent.current < CHAT_LIMITS.typingThrottleMs) return;
    if (realtime.send({ type: 'typing', thread_name: threadName })) lastSent.current = now;
  }, [threadName]);
}

/**
 * (The pane is keyed by conversation, so both start afresh for each one.)
 *
 * Whether the partner is typing in this conversation: true for `CHAT_LIMITS.typingShowMs` after
 * their last `typing` event, and false at once when their message arrives.
 */
export function usePartnerTyping(threadName: string, partnerId: string | undefined): boolean {
  const [until, setUntil] = useState(0);

  useRealtimeEvent('typing', ({ data }) => {
    if (data.thread_name === threadName && data.user_id === partnerId) {
      setUntil(Date.now() + CHAT_LIMITS.typingShowMs);
    }
  });
  useRealtimeEvent('chat_message', ({ data }) => {
    if (data.message.thread_name === threadName && data.message.sender_id === partnerId) {
      setUntil(0);
    }
  });

  useEffect(() => {
    if (until === 0) return;
    const timer = setTimeout(() => setUntil(0), Math.max(0, until - Date.now()));
    return () => clearTimeout(timer);
  }, [until]);

  return until > 0;
}
