import { adminConsentsSchema } from '@touchline/shared';
import { useAdminQuery } from '../shared';

/** `GET /api/admin/consents?status=awaiting|ledger&search=&page=` (20 a page). */
export function useConsents(params: {
  status: 'awaiting' | 'ledger' | '';
  search: string;
  page: number;
}) {
  return useAdminQuery('consents', adminConsentsSchema, {
    status: params.status,
    search: params.search,
    page: params.page > 1 ? params.page : undefined,
  });
}
