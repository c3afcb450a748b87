import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DevMail } from '@touchline/shared';
import { devMailboxSchema } from '@touchline/shared';
import { DEV_MAILBOX_REFRESH_MS } from '@/config/app';
import { api } from '@/lib/api-client';

/**
 * `GET /api/dev/mailbox?to=` — e-mails the development mailbox holds for an address (every
 * address when `to` is empty), newest first.
 */
export async function getMailbox(to: string, signal?: AbortSignal): Promise<DevMail[]> {
  const { messages } = await api.get('dev/mailbox', devMailboxSchema, {
    query: { to: to || undefined },
    signal,
  });
  return [...messages].sort((a, b) => b.created_at.localeCompare(a.created_at));
}

export const mailboxQueryOptions = (to: string) =>
  queryOptions({
    queryKey: ['dev-mailbox', to],
    queryFn: ({ signal }) => getMailbox(to, signal),
    staleTime: 0,
    refetchInterval: DEV_MAILBOX_REFRESH_MS,
  });

export function useMailbox(to: string) {
  return useQuery(mailboxQueryOptions(to));
}
