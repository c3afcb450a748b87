import { useMutation } from '@tanstack/react-query';
import { sessionUserSchema } from '@touchline/shared';
import { api } from '@/lib/api-client';

export type WelcomeInput = {
  dob: string;
  state: string;
  district: string;
  sport: string;
  customSport: string;
  guardian_email?: string;
  guardian_phone?: string;
};

/** `POST /api/welcome`: a Google player's first details (date of birth, state, LGA, sport). */
export function completeWelcome(input: WelcomeInput) {
  return api.post('welcome', input, sessionUserSchema);
}

export function useCompleteWelcome() {
  return useMutation({ mutationFn: completeWelcome });
}
