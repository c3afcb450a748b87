import { useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import type { OutcomeStatus, RegistrantList } from '@touchline/shared';
import { registrationSchema } from '@touchline/shared';
import { api } from '@/lib/api-client';
import { academyTrialKeys } from './academy-trial-keys';

/** The answer carries the registration's id, code and new status (and a message). */
const statusSetSchema = registrationSchema.pick({ id: true, reference_code: true, status: true });

/** `PUT /api/player_trial/{id}/status {status: 'selected'|'rejected'}`. */
export function setRegistrantStatus(registrationId: string, status: OutcomeStatus) {
  return api.put(
    `player_trial/${encodeURIComponent(registrationId)}/status`,
    { status },
    statusSetSchema,
  );
}

/** Sets one registrant's outcome; the answer's status is written into every cached page. */
export function useSetRegistrantStatus(trialId: string) {
  const queryClient = useQueryClient();
  const key = academyTrialKeys.registrants(trialId);
  return useMutation({
    mutationFn: ({ id, status }: { id: string; status: OutcomeStatus }) =>
      setRegistrantStatus(id, status),
    onSuccess: (answer) => {
      queryClient.setQueriesData<InfiniteData<RegistrantList>>({ queryKey: key }, (data) =>
        data
          ? {
              ...data,
              pages: data.pages.map((list) => ({
                ...list,
                registrants: list.registrants.map((r) =>
                  r.id === answer.id ? { ...r, status: answer.status } : r,
                ),
              })),
            }
          : data,
      );
    },
  });
}
