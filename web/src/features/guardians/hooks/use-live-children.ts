import { useQueryClient } from '@tanstack/react-query';
import { useRealtimeEvent } from '@/lib/use-realtime';
import { guardianKeys } from '../api/guardians';

/**
 * Keeps `/guardian/home` live: a child's registration changed (a new one waiting for approval,
 * approved, paid, declined, expired: `registration_changed` reaches the child's guardians) or a
 * payment changed, so every child's registrations and approvals are read again.
 */
export function useLiveChildren(): void {
  const queryClient = useQueryClient();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: guardianKeys.children });
  useRealtimeEvent('registration_changed', refresh);
  useRealtimeEvent('payment_changed', refresh);
  // A new approval also arrives as a notice (kind registration_update).
  useRealtimeEvent('notification', ({ data }) => {
    if (data.kind === 'registration_update') refresh();
  });
}
