import { useQueryClient } from '@tanstack/react-query';
import { useRealtimeEvent } from '@/lib/use-realtime';
import { DASHBOARD_KEY } from '../api/get-dashboard';

/**
 * Every typed change (a registration's status, a payment, a trial) refreshes the dashboard's
 * figures: registrations, cancellations, expired holds and refunds all move them.
 */
export function useLiveDashboard(): void {
  const queryClient = useQueryClient();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: DASHBOARD_KEY });
  useRealtimeEvent('registration_changed', refresh);
  useRealtimeEvent('payment_changed', refresh);
  useRealtimeEvent('trial_changed', refresh);
  // A reconnect that missed more than a catch-up replays: what changed may not be among it.
  useRealtimeEvent('ready', (event) => event.truncated && refresh());
}
