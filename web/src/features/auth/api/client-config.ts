import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** `GET /api/client-config`: what this deployment offers the web client. */
export type ClientConfig = { google_client_id: string | null; dev_mailbox: boolean };

const clientConfigSchema = {
  parse(data: unknown): ClientConfig {
    const value = (data ?? {}) as Partial<Record<keyof ClientConfig, unknown>>;
    return {
      google_client_id:
        typeof value.google_client_id === 'string' && value.google_client_id
          ? value.google_client_id
          : null,
      dev_mailbox: value.dev_mailbox === true,
    };
  },
};

export function getClientConfig(signal?: AbortSignal): Promise<ClientConfig> {
  return api.get('client-config', { signal, schema: clientConfigSchema });
}

export const clientConfigQueryOptions = () =>
  queryOptions({
    queryKey: ['client-config'],
    queryFn: ({ signal }) => getClientConfig(signal),
    staleTime: Infinity,
  });

export function useClientConfig() {
  return useQuery(clientConfigQueryOptions());
}
