import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ClientConfig } from '@touchline/shared';
import { api } from '@/lib/api-client';
import type { ResponseSchema } from '@/lib/api-client';

/**
 * `clientConfigSchema`'s fields, read without zod: the login pages ask for the config as they
 * open, and their first load carries no zod (issue 15's budget). Same shape, same strictness on
 * the fields it reads.
 */
export const clientConfigParser: ResponseSchema<ClientConfig> = {
  parse(data) {
    if (typeof data !== 'object' || data === null)
      throw new TypeError('client-config: not an object');
    const config = data as Record<string, unknown>;
    const google = config.google_client_id;
    if (google !== null && typeof google !== 'string') {
      throw new TypeError('client-config: google_client_id is not a string or null');
    }
    if (typeof config.dev_mailbox !== 'boolean') {
      throw new TypeError('client-config: dev_mailbox is not a boolean');
    }
    if (typeof config.test_payments !== 'boolean') {
      throw new TypeError('client-config: test_payments is not a boolean');
    }
    const checkoutHost = config.checkout_host;
    if (checkoutHost !== null && typeof checkoutHost !== 'string') {
      throw new TypeError('client-config: checkout_host is not a string or null');
    }
    return {
      google_client_id: google,
      dev_mailbox: config.dev_mailbox,
      test_payments: config.test_payments,
      checkout_host: checkoutHost,
    };
  },
};

/** `GET /api/client-config`: what this deployment offers the web client. */
export function getClientConfig(signal?: AbortSignal): Promise<ClientConfig> {
  return api.get('client-config', clientConfigParser, { signal });
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
