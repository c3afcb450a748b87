import { useQuery } from '@tanstack/react-query';
import type { AcademyDashboard } from '@touchline/shared';
import { academyDashboardSchema } from '@touchline/shared';
import { api } from '@/lib/api-client';

export const DASHBOARD_KEY = ['academy-dashboard'] as const;

/** `GET /api/academy_dashboard` (academies only). */
export function getDashboard(signal?: AbortSignal): Promise<AcademyDashboard> {
  return api.get('academy_dashboard', academyDashboardSchema, { signal });
}

export function useDashboard() {
  return useQuery({
    queryKey: DASHBOARD_KEY,
    queryFn: ({ signal }) => getDashboard(signal),
    staleTime: 30_000,
  });
}
