import { useMutation } from '@tanstack/react-query';
import type { Role } from '@touchline/shared';
import { api } from '../../../lib/api-client';

export type WelcomeInput = {
  dob: string;
  state: string;
  district: string;
  sport: string;
  customSport: string;
};

/** The signed-in user as `GET /api/me` answers it. */
export type SessionUser = {
  user: string;
  role: Role;
  dob: string | null;
  user_id: string;
  profile_photo: string | null;
  notification_count: number;
  email: string;
  state: string | null;
  district: string | null;
  sports: string[];
};

/** `POST /api/welcome`: a Google player's first details (date of birth, state, LGA, sport). */
export function completeWelcome(input: WelcomeInput) {
  return api.post<SessionUser>('welcome', input);
}

export function useCompleteWelcome() {
  return useMutation({ mutationFn: completeWelcome });
}
