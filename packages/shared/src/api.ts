import { z } from 'zod';

/** Shared API schemas used by more than one module. */
export const errorBodySchema = z.object({
  message: z.union([z.string(), z.array(z.string())]),
  code: z.string(),
  request_id: z.string().optional(),
  fields: z.record(z.string(), z.string()).optional(),
});

/**
 * Readiness (`/api/health/ready`, and `/api/health`): `ok`, `degraded` (the database answers but
 * Redis does not: still 200, the outbox holds the events) or `down` (no database: 503).
 */
export const healthSchema = z.object({
  status: z.enum(['ok', 'degraded', 'down']),
  mode: z.object({
    database: z.enum(['pglite', 'postgres']),
    queue: z.enum(['inline', 'bullmq']),
    bus: z.enum(['inline', 'redis']),
    storage: z.enum(['local', 's3']),
    mail: z.enum(['devbox', 'smtp']),
  }),
  checks: z.object({
    database: z.boolean(),
    queue: z.boolean(),
    bus: z.boolean(),
  }),
  uptime_s: z.number(),
});
export type Health = z.infer<typeof healthSchema>;

/** Liveness (`/api/health/live`): the process answers; no dependency is asked. */
export const livenessSchema = z.object({ status: z.literal('ok'), uptime_s: z.number() });

export const devMailSchema = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  created_at: z.string(),
});
export type DevMail = z.infer<typeof devMailSchema>;
export const devMailboxSchema = z.object({ messages: z.array(devMailSchema) });
