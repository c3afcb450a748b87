import { useQuery } from '@tanstack/react-query';
import type { RegistrantList } from '@touchline/shared';
import { registrantListSchema } from '@touchline/shared';
import type { ResponseSchema } from '@/lib/api-client';
import { api } from '@/lib/api-client';
import { academyTrialKeys } from './academy-trial-keys';

/** `GET /api/players_in_trial_list/{trialId}`: the registrants with their answers. */
export function getRegistrants(trialId: string, signal?: AbortSignal): Promise<RegistrantList> {
  return api.get(`players_in_trial_list/${encodeURIComponent(trialId)}`, registrantListSchema, {
    signal,
  });
}

export function useRegistrants(trialId: string) {
  return useQuery({
    queryKey: academyTrialKeys.registrants(trialId),
    queryFn: ({ signal }) => getRegistrants(trialId, signal),
    staleTime: 15_000,
  });
}

/** A CSV answer is text, not JSON: the client hands it over as it came. */
const csvText: ResponseSchema<string> = {
  parse: (data) => {
    if (typeof data !== 'string') throw new TypeError('Expected a CSV file');
    return data;
  },
};

/** `GET /api/players_in_trial_list/{trialId}?format=csv`: the CSV text (same token handling). */
export function getRegistrantsCsv(trialId: string): Promise<string> {
  return api.get(`players_in_trial_list/${encodeURIComponent(trialId)}`, csvText, {
    query: { format: 'csv' },
    headers: { Accept: 'text/csv' },
  });
}
