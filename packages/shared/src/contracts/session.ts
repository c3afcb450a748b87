import { z } from 'zod';
import { loginResponseSchema } from './auth';

/** `GET /api/me` and `POST /api/welcome`: the signed-in user's own session data. */
export const sessionUserSchema = loginResponseSchema.omit({ message: true }).extend({
  email: z.string(),
  state: z.string().nullable(),
  district: z.string().nullable(),
  sports: z.array(z.string()),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;
