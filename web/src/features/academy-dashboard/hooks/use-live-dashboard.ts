import { useQueryClient } from '@tanstack/react-query';
import { useRealtimeEvent } from '@/lib/use-realtime';
import { DASHBOARD_KEY } from '../api/get-dashboard';

/** A new registration (a `trial_registration` notification) refreshes the dashboard's figures. */
export function useLiveDashboard(): void {
  const queryClient = useQueryClient();
  useRealtimeEvent('notification', ({ data }) => {
    if (data.kind === 'trial_registration')
      void queryClient.invalidateQueries({ queryKey: DASHBOARD_KEY });
  });
}
