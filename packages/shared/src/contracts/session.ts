import { z } from 'zod';
import { loginResponseSchema } from './auth';
import { CONSENT_STATUSES } from '../guardian-texts';

/** `GET /api/me` and `POST /api/welcome`: the signed-in user's own session data. */
export const sessionUserSchema = loginResponseSchema.omit({ message: true }).extend({
  email: z.string(),
  state: z.string().nullable(),
  district: z.string().nullable(),
  sports: z.array(z.string()),
  /** A child's guardian consent (supplement §14); `not_needed` for everyone else. */
  consent_status: z.enum(CONSENT_STATUSES),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;
