import { chatMessageSchema } from '@touchline/shared';
import { api } from '@/lib/api-client';

export type OutgoingMessage = { text: string; client_id: string; image: File | null };

/**
 * `POST /api/chat/{threadName}/messages`: JSON `{text, client_id}`, or multipart with the image.
 * The same `client_id` again answers the message already stored (a retry never doubles it).
 */
export function sendMessage(threadName: string, { text, client_id, image }: OutgoingMessage) {
  const path = `chat/${encodeURIComponent(threadName)}/messages`;
  if (!image) return api.post(path, { text, client_id }, chatMessageSchema);
  const form = new FormData();
  form.set('text', text);
  form.set('client_id', client_id);
  form.set('image', image);
  return api.post(path, form, chatMessageSchema);
}
