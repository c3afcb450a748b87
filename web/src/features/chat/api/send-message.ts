import { chatMessageSchema } from '@touchline/shared';
import { api } from '@/lib/api-client';
import { offerPushAfter } from '@/lib/push-offer';

export type OutgoingMessage = { text: string; client_id: string; image: File | null };

/**
 * `POST /api/chat/{threadName}/messages`: JSON `{text, client_id}`, or multipart with the image.
 * The same `client_id` again answers the message already stored (a retry never doubles it).
 */
export function sendMessage(threadName: string, { text, client_id, image }: OutgoingMessage) {
  const path = `chat/${encodeURIComponent(threadName)}/messages`;
  let sent;
  if (!image) sent = api.post(path, { text, client_id }, chatMessageSchema);
  else {
    const form = new FormData();
    form.set('text', text);
    form.set('client_id', client_id);
    form.set('image', image);
    sent = api.post(path, form, chatMessageSchema);
  }
  // A message sent is a moment to offer notifications (never on first load).
  return sent.then((message) => {
    offerPushAfter('message_sent');
    return message;
  });
}
