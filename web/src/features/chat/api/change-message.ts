import { useMutation, useQueryClient } from '@tanstack/react-query';
import { chatMessageSchema } from '@touchline/shared';
import { api } from '@/lib/api-client';
import { showNotice } from '@/lib/toast';
import { putMessage } from './chat-cache';

/** `PATCH /api/chat_message/{id} {text}`: the caller's own message, within 15 minutes. */
export function editMessage(id: string, text: string) {
  return api.patch(`chat_message/${encodeURIComponent(id)}`, { text }, chatMessageSchema);
}

/** `DELETE /api/chat_message/{id}`: answers the message, now `deleted`. */
export function deleteMessage(id: string) {
  return api.delete(`chat_message/${encodeURIComponent(id)}`, chatMessageSchema);
}

/** Edit and delete put the server's answer in the caches; a refusal shows its reason. */
export function useEditMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, text }: { id: string; text: string }) => editMessage(id, text),
    onSuccess: (message) => putMessage(queryClient, message),
    onError: (error) => showNotice(error.message, 'error'),
  });
}

export function useDeleteMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteMessage,
    onSuccess: (message) => putMessage(queryClient, message),
    onError: (error) => showNotice(error.message, 'error'),
  });
}
