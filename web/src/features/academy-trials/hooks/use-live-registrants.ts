import { useQueryClient } from '@tanstack/react-query';
import { useRealtimeEvent } from '@/lib/use-realtime';
import { academyTrialKeys } from '../api/academy-trial-keys';

/**
 * Keeps one trial's registrants live: every `registration_changed` for this trial (a player
 * registered, paid, cancelled, a hold expired; keyed by `trial_id`, never by a link) and every
 * `payment_changed` (a refund) refetches the table, the trial (its count) and the lists.
 * TanStack Query stays the only owner of the data.
 */
export function useLiveRegistrants(trialId: string): void {
  const queryClient = useQueryClient();
  const refresh = (changedTrialId: string) => {
    if (changedTrialId !== trialId) return;
    void queryClient.invalidateQueries({ queryKey: academyTrialKeys.registrants(trialId) });
    void queryClient.invalidateQueries({ queryKey: academyTrialKeys.one(trialId) });
    void queryClient.invalidateQueries({ queryKey: academyTrialKeys.lists });
  };
  useRealtimeEvent('registration_changed', ({ data }) => refresh(data.trial_id));
  useRealtimeEvent('payment_changed', ({ data }) => refresh(data.trial_id));
  useRealtimeEvent('trial_changed', ({ data }) => refresh(data.trial_id));
  // A reconnect that missed more than a catch-up replays: this trial's change may not be among it.
  useRealtimeEvent('ready', (event) => event.truncated && refresh(trialId));
}

/** Keeps the academy's trial lists live (counts, status): any registration or trial change. */
export function useLiveTrialLists(): void {
  const queryClient = useQueryClient();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: academyTrialKeys.lists });
  useRealtimeEvent('registration_changed', refresh);
  useRealtimeEvent('payment_changed', refresh);
  useRealtimeEvent('trial_changed', refresh);
  useRealtimeEvent('ready', (event) => event.truncated && refresh());
}
