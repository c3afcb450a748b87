import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ClientConfig } from '@touchline/shared';
import { clientConfigSchema } from '@touchline/shared';
import { api } from '@/lib/api-client';

/** `GET /api/client-config`: what this deployment offers the web client. */
export function getClientConfig(signal?: AbortSignal): Promise<ClientConfig> {
  return api.get('client-config', clientConfigSchema, { signal });
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
