import { chatReadResponseSchema } from '@touchline/shared';
import { api } from '@/lib/api-client';

/**
 * `POST /api/chat/{threadName}/read {message_id}`: the caller has read up to this message (the
 * pointer only moves forward); answers the caller's counts.
 */
export function markRead(threadName: string, messageId: string) {
  return api.post(
    `chat/${encodeURIComponent(threadName)}/read`,
    { message_id: messageId },
    chatReadResponseSchema,
  );
}
