import { useQueryClient } from '@tanstack/react-query';
import type { NotificationKind } from '@touchline/shared';
import { useRealtimeEvent } from '@/lib/use-realtime';
import { trialKeys } from '../api/trial-keys';

/** Kinds that change what the player's trial screens show (their registrations, new trials). */
const TRIAL_KINDS: readonly NotificationKind[] = ['registration_update', 'new_trial'];

/**
 * A registration confirmed, selected, rejected, expired or refunded (or a new trial) arrives as a
 * live notification: the open trial screens ask the server again instead of showing old news.
 */
export function useLiveTrialUpdates() {
  const queryClient = useQueryClient();
  useRealtimeEvent('notification', (event) => {
    if ((TRIAL_KINDS as readonly string[]).includes(event.data.kind))
      void queryClient.invalidateQueries({ queryKey: trialKeys.all });
  });
}
