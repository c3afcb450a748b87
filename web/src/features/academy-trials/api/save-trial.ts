import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TrialView } from '@touchline/shared';
import { trialSchema } from '@touchline/shared';
import { uploadWithProgress } from '@/lib/api-client';
import { academyTrialKeys } from './academy-trial-keys';

/** The trial form as it is sent: the fields (numbers as text, as a browser form sends them). */
export type TrialFormPayload = Record<string, string | number | null | string[]>;

/** Multipart: every field, the requirements as one JSON list, and the poster as `image`. */
export function trialFormData(fields: TrialFormPayload, poster: File | null): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) {
    if (value === null || value === undefined) form.append(key, '');
    else if (Array.isArray(value)) form.append(key, JSON.stringify(value));
    else form.append(key, String(value));
  }
  if (poster) form.append('image', poster);
  return form;
}

/** `POST /api/trial` (multipart) → 201 the trial. */
export function createTrial(
  fields: TrialFormPayload,
  poster: File | null,
  onProgress?: (fraction: number) => void,
): Promise<TrialView> {
  return uploadWithProgress('trial', trialFormData(fields, poster), {
    schema: trialSchema,
    onProgress,
  });
}

/** `PUT /api/trial/{id}` (multipart, only the fields that may change) → the trial. */
export function updateTrial(
  id: string,
  fields: TrialFormPayload,
  poster: File | null,
  onProgress?: (fraction: number) => void,
): Promise<TrialView> {
  return uploadWithProgress(`trial/${encodeURIComponent(id)}`, trialFormData(fields, poster), {
    method: 'PUT',
    schema: trialSchema,
    onProgress,
  });
}

export type SaveTrialInput = { id?: string; fields: TrialFormPayload; poster: File | null };

/** Creates or updates a trial; the stored trial goes into its cache and the lists refresh. */
export function useSaveTrial(onProgress?: (fraction: number) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, fields, poster }: SaveTrialInput) =>
      id ? updateTrial(id, fields, poster, onProgress) : createTrial(fields, poster, onProgress),
    onSuccess: (trial) => {
      queryClient.setQueryData(academyTrialKeys.one(trial.id), trial);
      void queryClient.invalidateQueries({ queryKey: academyTrialKeys.lists });
    },
  });
}
