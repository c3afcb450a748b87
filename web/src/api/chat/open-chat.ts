import { useMutation, useQueryClient } from '@tanstack/react-query';
import { chatOpenResponseSchema } from '@touchline/shared';
import { useLocation } from 'wouter';
import { chatPath } from '@/config/paths';
import { api } from '@/lib/api-client';
import { showNotice } from '@/lib/toast';
import { chatKeys } from './chat-keys';

/**
 * `POST /api/chat {receiver_id}`: opens (or finds) the conversation with this user and answers
 * `{ thread_name }`. A refusal rejects with an `ApiError` whose message is the reason
 * ('You can only message your friends', 'Follow this academy to message it'…).
 */
export function openChat(receiverId: string) {
  return api.post('chat', { receiver_id: receiverId }, chatOpenResponseSchema);
}

/**
 * The 'Message' buttons: `mutate(userId)` opens the conversation and goes to `/chat/<thread>`
 * (the admin area passes `adminChatPath`: `/admin/chat/<thread>`), or shows the server's reason
 * in a toast. Its `isPending` is the button's busy state.
 */
export function useOpenChat({
  threadPath = chatPath,
}: { threadPath?: (threadName: string) => string } = {}) {
  const [, navigate] = useLocation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: openChat,
    onSuccess: ({ thread_name }) => {
      // A new conversation is not in the cached list yet.
      void queryClient.invalidateQueries({ queryKey: chatKeys.list });
      navigate(threadPath(thread_name));
    },
    onError: (error) => showNotice(error.message, 'error'),
  });
}
