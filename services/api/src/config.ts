import { isIP } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import {
  driversConfigShape,
  refineDriversConfig,
  refinePaymentsForProduction,
  refineSmsForProduction,
} from '@touchline/drivers';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

const bool = (fallback: boolean) =>
  z
    .enum(['true', 'false', '1', '0', 'yes', 'no'])
    .optional()
    .transform((v) => (v === undefined ? fallback : ['true', '1', 'yes'].includes(v)));

/** APP_ENV as set, else from the mode: embedded (no DATABASE_URL) is development. */
const appEnvOf = (c: {
  APP_ENV?: 'development' | 'production' | undefined;
  DATABASE_URL?: string;
}) => c.APP_ENV ?? (c.DATABASE_URL ? 'production' : 'development');

/** Trusts the `hops` nearest proxies: the socket peer is hop 0. */
type TrustHops = ((address: string, hop: number) => boolean) & { hops: number };
const trustHops = (hops: number): TrustHops =>
  Object.assign((_address: string, hop: number) => hop < hops, { hops });

const PROXY_NAMES = ['loopback', 'linklocal', 'uniquelocal'];
const isProxyAddress = (entry: string) => {
  if (PROXY_NAMES.includes(entry)) return true;
  const [ip = '', bits, ...rest] = entry.split('/');
  const family = isIP(ip);
  if (!family || rest.length > 0) return false;
  return (
    bits === undefined || (/^\d{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128))
  );
};

/**
 * Which proxies' X-Forwarded-For entries to believe: false (none, the default), a hop count, or a
 * list of proxy addresses/CIDRs (Fastify's trustProxy). `true` means one hop — never "every hop",
 * which would let a client pick its own address and escape every per-IP limit. A count becomes a
 * function: Fastify trusts nothing for a bare number.
 */
const trustProxy = z
  .string()
  .trim()
  .optional()
  .transform((v, ctx): false | string[] | TrustHops => {
    if (!v || ['false', '0', 'no'].includes(v)) return false;
    if (['true', 'yes'].includes(v)) return trustHops(1);
    if (/^\d{1,2}$/.test(v)) return trustHops(Number(v));
    const list = v
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    const bad = list.filter((entry) => !isProxyAddress(entry));
    if (bad.length > 0 || list.length === 0) {
      ctx.addIssue({
        code: 'custom',
        message: `TRUST_PROXY must be false, a hop count, or proxy addresses/CIDRs (not: ${bad.join(', ')})`,
      });
      return z.NEVER;
    }
    return list;
  });

/**
 * The API process configuration: parsed once at start from the environment, then passed in.
 * Every variable is documented in `.env.example`.
 */
export const apiConfigSchema = z
  .object({
    /** Unset: development in embedded mode, production once DATABASE_URL names a database. */
    APP_ENV: z.enum(['development', 'production']).optional(),
    /** Loopback unless told: `npm start` on a laptop is not reachable from the network. */
    HOST: z.string().min(1).default('127.0.0.1'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    PUBLIC_URL: z.url().optional(),
    DATA_DIR: z.string().min(1).default(path.join(repoRoot, '.data')),
    WEB_DIST_DIR: z
      .string()
      .min(1)
      .default(path.join(repoRoot, 'web', 'dist')),
    /** Where `npm run build:server` leaves the embedded database's pre-migrated template. */
    PGLITE_TEMPLATE_DIR: z.string().min(1).default(path.join(repoRoot, 'dist')),
    DATABASE_URL: z.url().optional(),
    APP_SECRET: z.string().min(32, 'APP_SECRET must be at least 32 characters').optional(),
    GOOGLE_CLIENT_ID: z.string().min(1).optional(),
    GOOGLE_CERTS_URL: z.url().optional(),
    SEED_DEMO: bool(true),
    RUN_WORKERS: z.enum(['auto', 'true', 'false']).default('auto'),
    LOG_LEVEL: z
      .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
      .default('info'),
    /** `json` lines or `pretty` (coloured, one line per request); default from APP_ENV. */
    LOG_FORMAT: z.enum(['json', 'pretty']).optional(),
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
    /** Per-IP budget of each sign-in and code endpoint. */
    AUTH_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(30),
    /**
     * Per-address budget of login, token and code checks in 15 minutes. Only the browser journeys
     * raise it: one project signs the same demo account in more often than that.
     */
    AUTH_ADDRESS_LIMIT_PER_15_MIN: z.coerce.number().int().min(1).default(20),
    TRUST_PROXY: trustProxy,
    /**
     * Bearer token for `GET /api/metrics` (Prometheus). Set: required in every mode. Unset: the
     * route is open outside production and not registered in production (404).
     */
    METRICS_TOKEN: z.preprocess(
      (v) => (v === '' ? undefined : v),
      z.string().trim().min(32, 'METRICS_TOKEN must be at least 32 characters').optional(),
    ),
    /**
     * Graceful shutdown budget after SIGTERM/SIGINT: in-flight requests, sockets, workers, drivers
     * and the database get this long before the process exits with 1. Keep it under the
     * orchestrator's grace period (Kubernetes terminationGracePeriodSeconds).
     */
    SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(1000).max(600_000).default(25_000),
    ...driversConfigShape,
  })
  .superRefine(refineDriversConfig)
  .superRefine((c, ctx) => {
    refinePaymentsForProduction(c, appEnvOf(c), ctx);
    refineSmsForProduction(c, appEnvOf(c), ctx);
    if (appEnvOf(c) === 'production' && !c.SMTP_URL) {
      ctx.addIssue({
        code: 'custom',
        path: ['SMTP_URL'],
        message:
          'SMTP_URL is required in production: the development mailbox keeps every e-mail (codes included) in the database. Set APP_ENV=development to use it knowingly',
      });
    }
    if (appEnvOf(c) === 'production' && !c.APP_SECRET) {
      ctx.addIssue({
        code: 'custom',
        path: ['APP_SECRET'],
        message: 'APP_SECRET is required in production',
      });
    }
    if (appEnvOf(c) === 'production' && !c.DATABASE_URL) {
      ctx.addIssue({
        code: 'custom',
        path: ['DATABASE_URL'],
        message: 'DATABASE_URL is required in production',
      });
    }
  })
  .transform((c) => ({
    ...c,
    APP_ENV: appEnvOf(c),
    // Readable in development (`npm start`), JSON lines for a collector in production.
    LOG_FORMAT: c.LOG_FORMAT ?? (appEnvOf(c) === 'production' ? 'json' : 'pretty'),
    // Demo accounts with a published password: never in production, whatever SEED_DEMO says.
    SEED_DEMO: c.SEED_DEMO && appEnvOf(c) !== 'production',
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
