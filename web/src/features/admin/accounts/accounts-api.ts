import { useQuery } from '@tanstack/react-query';
import type { AdminAccounts } from '@touchline/shared';
import { adminAccountsSchema } from '@touchline/shared';
import type { ResponseSchema } from '@/lib/api-client';
import { api } from '@/lib/api-client';

export type Period = { from: string; to: string };

/** `GET /api/admin/accounts?from=&to=`: per academy takings, refunds and net, and the totals. */
export function getAccounts(period: Period, signal?: AbortSignal): Promise<AdminAccounts> {
  return api.get('admin/accounts', adminAccountsSchema, {
    query: { from: period.from || undefined, to: period.to || undefined },
    signal,
  });
}

export function useAccounts(period: Period) {
  return useQuery({
    queryKey: ['admin', 'accounts', period.from, period.to],
    queryFn: ({ signal }) => getAccounts(period, signal),
    staleTime: 10_000,
  });
}

/** A CSV answer is text, not JSON: the client hands it over as it came. */
const csvText: ResponseSchema<string> = {
  parse: (data) => {
    if (typeof data !== 'string') throw new TypeError('Expected a CSV file');
    return data;
  },
};

/** `GET /api/admin/accounts?from=&to=&format=csv`: the same in naira, with a totals row. */
export function getAccountsCsv(period: Period): Promise<string> {
  return api.get('admin/accounts', csvText, {
    query: { from: period.from || undefined, to: period.to || undefined, format: 'csv' },
    headers: { Accept: 'text/csv' },
  });
}
