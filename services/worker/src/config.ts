import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import {
  driversConfigShape,
  refineDriversConfig,
  refinePaymentsForProduction,
  refineSmsForProduction,
} from '@touchline/drivers';
import { QUEUES } from '@touchline/shared';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** The worker process configuration (scaled mode): Postgres and Redis are required. */
export const workerConfigSchema = z
  .object({
    /** Workers always run on Postgres, the scaled shape: production unless told otherwise. */
    APP_ENV: z.enum(['development', 'production']).default('production'),
    DATABASE_URL: z.url({
      message: 'DATABASE_URL is required: workers share Postgres with the API',
    }),
    DATA_DIR: z.string().min(1).default(path.join(repoRoot, '.data')),
    APP_SECRET: z.string().min(32).optional(),
    /** The site's public address: e-mails link to its pages (without it they name no address). */
    PUBLIC_URL: z.url().optional(),
    WORKER_CONCURRENCY: z.coerce.number().int().min(1).max(200).default(10),
    WORKER_QUEUES: z
      .string()
      .optional()
      .transform((v, ctx) => {
        if (!v) return [...QUEUES];
        const names = v
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean);
        const unknown = names.filter((n) => !(QUEUES as readonly string[]).includes(n));
        if (unknown.length)
          ctx.addIssue({ code: 'custom', message: `unknown queues: ${unknown.join(', ')}` });
        return names as (typeof QUEUES)[number][];
      }),
    LOG_LEVEL: z
      .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
      .default('info'),
    /**
     * Port of the worker's Prometheus metrics (`GET /metrics`): jobs, durations, queue depths,
     * outbox lag, process. Unset: no metrics server. It listens on 0.0.0.0 in production (a pod's
     * port), on loopback otherwise.
     */
    WORKER_METRICS_PORT: z.preprocess(
      (v) => (v === '' ? undefined : v),
      z.coerce.number().int().min(1).max(65535).optional(),
    ),
    /** Bearer token of the metrics port; required in production when WORKER_METRICS_PORT is set. */
    METRICS_TOKEN: z.preprocess(
      (v) => (v === '' ? undefined : v),
      z.string().trim().min(32, 'METRICS_TOKEN must be at least 32 characters').optional(),
    ),
    ...driversConfigShape,
    REDIS_URL: z.url({ message: 'REDIS_URL is required: workers consume BullMQ queues' }),
  })
  .superRefine(refineDriversConfig)
  .superRefine((c, ctx) => {
    refinePaymentsForProduction(c, c.APP_ENV, ctx);
    refineSmsForProduction(c, c.APP_ENV, ctx);
    if (c.APP_ENV === 'production' && c.WORKER_METRICS_PORT !== undefined && !c.METRICS_TOKEN) {
      ctx.addIssue({
        code: 'custom',
        path: ['METRICS_TOKEN'],
        message: 'METRICS_TOKEN is required in production when WORKER_METRICS_PORT is set',
      });
    }
    // Workers send the e-mails: in production they go out over SMTP, never into the database.
    if (c.APP_ENV === 'production' && !c.SMTP_URL) {
      ctx.addIssue({
        code: 'custom',
        path: ['SMTP_URL'],
        message:
          'SMTP_URL is required in production: the development mailbox keeps every e-mail (codes included) in the database. Set APP_ENV=development to use it knowingly',
      });
    }
  });

export type WorkerConfig = z.output<typeof workerConfigSchema>;

export function loadWorkerConfig(env: NodeJS.ProcessEnv = process.env): WorkerConfig {
  const result = workerConfigSchema.safeParse(env);
  if (!result.success) {
    const lines = result.error.issues.map(
      (i) => `  - ${i.path.join('.') || '(config)'}: ${i.message}`,
    );
    throw new Error(`Invalid worker configuration:\n${lines.join('\n')}`);
  }
  return result.data;
}
