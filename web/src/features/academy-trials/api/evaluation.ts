import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Evaluation, EvaluationBody } from '@touchline/shared';
import { evaluationSchema } from '@touchline/shared';
import { z } from 'zod';
import { api } from '@/lib/api-client';
import { academyTrialKeys } from './academy-trial-keys';

const evaluationKey = (registrationId: string) =>
  [...academyTrialKeys.all, 'evaluation', registrationId] as const;

/** `GET /api/player_trial/{id}/evaluation`: the academy's evaluation of one registrant. */
export function getEvaluation(registrationId: string, signal?: AbortSignal): Promise<Evaluation> {
  return api.get(
    `player_trial/${encodeURIComponent(registrationId)}/evaluation`,
    evaluationSchema,
    {
      signal,
    },
  );
}

export function useEvaluation(registrationId: string) {
  return useQuery({
    queryKey: evaluationKey(registrationId),
    queryFn: ({ signal }) => getEvaluation(registrationId, signal),
  });
}

const savedSchema = z.object({ message: z.string(), evaluation: evaluationSchema });

/** `PUT /api/player_trial/{id}/evaluation {scores, notes, share_with_player, measurements}`. */
export function useSaveEvaluation(registrationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: EvaluationBody) =>
      api.put(`player_trial/${encodeURIComponent(registrationId)}/evaluation`, body, savedSchema),
    onSuccess: (answer) => {
      queryClient.setQueryData(evaluationKey(registrationId), answer.evaluation);
      void queryClient.invalidateQueries({ queryKey: academyTrialKeys.all });
    },
  });
}
