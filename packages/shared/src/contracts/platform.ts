import { z } from 'zod';

/** `GET /api/client-config`: what the web client needs to know about this deployment. */
export const clientConfigSchema = z.object({
  google_client_id: z.string().nullable(),
  dev_mailbox: z.boolean(),
});
export type ClientConfig = z.infer<typeof clientConfigSchema>;
