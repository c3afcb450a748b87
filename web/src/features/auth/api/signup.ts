import { useMutation } from '@tanstack/react-query';
import { messageSchema } from '@touchline/shared';
import { api } from '@/lib/api-client';

export type PlayerSignup = {
  username: string;
  email: string;
  dob: string;
  password: string;
  state: string;
  district: string;
  sport: string;
  customSport: string;
  /** An under-18 player's parent or guardian (supplement §14). */
  guardian_email?: string;
  guardian_phone?: string;
};

export type AcademySignup = {
  username: string;
  email: string;
  established_on: string;
  password: string;
  state: string;
  district: string;
  sports: readonly string[];
  customSport: string;
  licence: File;
};

/** `POST /api/signup`, multipart (spec §3 signup fields; `is_academy` is 'false'). */
export function signupPlayer(input: PlayerSignup) {
  const form = new FormData();
  for (const [key, value] of Object.entries(input))
    if (value !== undefined) form.append(key, value);
  form.append('is_academy', 'false');
  return api.post('signup', form, messageSchema);
}

/** Academies: established date instead of a birth date, one field per sport, and the licence. */
export function signupAcademy(input: AcademySignup) {
  const form = new FormData();
  form.append('username', input.username);
  form.append('email', input.email);
  form.append('established_on', input.established_on);
  form.append('password', input.password);
  form.append('state', input.state);
  form.append('district', input.district);
  for (const sport of input.sports) form.append('sports', sport);
  form.append('customSport', input.customSport);
  form.append('is_academy', 'true');
  form.append('licence', input.licence, input.licence.name);
  return api.post('signup', form, messageSchema);
}

export function usePlayerSignup() {
  return useMutation({ mutationFn: signupPlayer });
}

export function useAcademySignup() {
  return useMutation({ mutationFn: signupAcademy });
}
