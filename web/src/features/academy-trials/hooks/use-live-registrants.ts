import { useQueryClient } from '@tanstack/react-query';
import { academyTrialLink } from '@touchline/shared';
import { useRealtimeEvent } from '@/lib/use-realtime';
import { academyTrialKeys } from '../api/academy-trial-keys';

/**
 * Keeps one trial's registrants live: a `trial_registration` notification for this trial (its
 * link is `/academy/trial_details/{id}`) arriving on the notification socket refetches the table
 * and the trial (its count). TanStack Query stays the only owner of the data; the toast and the
 * badge are the shell's.
 */
export function useLiveRegistrants(trialId: string): void {
  const queryClient = useQueryClient();
  useRealtimeEvent('notification', ({ data }) => {
    if (data.kind !== 'trial_registration' || data.link !== academyTrialLink(trialId)) return;
    void queryClient.invalidateQueries({ queryKey: academyTrialKeys.registrants(trialId) });
    void queryClient.invalidateQueries({ queryKey: academyTrialKeys.one(trialId) });
    void queryClient.invalidateQueries({ queryKey: academyTrialKeys.lists });
  });
}
