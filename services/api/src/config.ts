import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { driversConfigShape, refineDriversConfig } from '@touchline/drivers';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

const bool = (fallback: boolean) =>
  z
    .enum(['true', 'false', '1', '0', 'yes', 'no'])
    .optional()
    .transform((v) => (v === undefined ? fallback : ['true', '1', 'yes'].includes(v)));

/**
 * The API process configuration: parsed once at start from the environment, then passed in.
 * Every variable is documented in `.env.example`.
 */
export const apiConfigSchema = z
  .object({
    APP_ENV: z.enum(['development', 'production']).default('development'),
    HOST: z.string().min(1).default('0.0.0.0'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    PUBLIC_URL: z.url().optional(),
    DATA_DIR: z.string().min(1).default(path.join(repoRoot, '.data')),
    WEB_DIST_DIR: z
      .string()
      .min(1)
      .default(path.join(repoRoot, 'web', 'dist')),
    DATABASE_URL: z.url().optional(),
    APP_SECRET: z.string().min(32, 'APP_SECRET must be at least 32 characters').optional(),
    GOOGLE_CLIENT_ID: z.string().min(1).optional(),
    GOOGLE_CERTS_URL: z.url().optional(),
    SEED_DEMO: bool(true),
    RUN_WORKERS: z.enum(['auto', 'true', 'false']).default('auto'),
    LOG_LEVEL: z
      .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
      .default('info'),
    CORS_ORIGINS: z
      .string()
      .optional()
      .transform((v) =>
        v
          ? v
              .split(',')
              .map((s) => s.trim())
              .filter(Boolean)
          : [],
      ),
    RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(600),
    /** Per-IP budget of each sign-in and code endpoint (per-e-mail limits are fixed). */
    AUTH_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(30),
    TRUST_PROXY: bool(false),
    ...driversConfigShape,
  })
  .superRefine(refineDriversConfig)
  .superRefine((c, ctx) => {
    if (c.APP_ENV === 'production' && !c.APP_SECRET) {
      ctx.addIssue({
        code: 'custom',
        path: ['APP_SECRET'],
        message: 'APP_SECRET is required in production',
      });
    }
    if (c.APP_ENV === 'production' && !c.DATABASE_URL) {
      ctx.addIssue({
        code: 'custom',
        path: ['DATABASE_URL'],
        message: 'DATABASE_URL is required in production',
      });
    }
  })
  .transform((c) => ({
    ...c,
    PUBLIC_URL: c.PUBLIC_URL ?? `http://localhost:${c.PORT}`,
    DATA_DIR: path.resolve(c.DATA_DIR),
    WEB_DIST_DIR: path.resolve(c.WEB_DIST_DIR),
  }));

export type ApiConfig = z.output<typeof apiConfigSchema>;

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Parses the environment; throws one readable list of every problem. */
export function loadApiConfig(env: NodeJS.ProcessEnv = process.env): ApiConfig {
  const result = apiConfigSchema.safeParse(env);
  if (!result.success) {
    const lines = result.error.issues.map(
      (i) => `  - ${i.path.join('.') || '(config)'}: ${i.message}`,
    );
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return result.data;
}
