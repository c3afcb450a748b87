import { z } from 'zod';

/** The push services of Chrome/Edge (FCM), Firefox, Safari and Windows (supplement §16). */
export const DEFAULT_PUSH_ENDPOINT_HOSTS = [
  'fcm.googleapis.com',
  'updates.push.services.mozilla.com',
  'web.push.apple.com',
  '*.notify.windows.com',
] as const;

/** `VAR=` in an .env file means "not set". */
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' ? undefined : value), schema.optional());

/**
 * The drivers' environment variables, as a shape to spread into a process's config object (the
 * process parses the environment; this package never reads it). Apply `refineDriversConfig` to
 * the merged object, or use `driversConfigSchema` on its own.
 */
export const driversConfigShape = {
  REDIS_URL: optional(z.url({ protocol: /^rediss?$/, error: 'REDIS_URL must be a redis:// URL' })),
  S3_ENDPOINT: optional(
    z.url({ protocol: /^https?$/, error: 'S3_ENDPOINT must be an http(s) URL' }),
  ),
  S3_REGION: z.string().trim().min(1).default('us-east-1'),
  S3_BUCKET: optional(z.string().trim().min(3).max(63)),
  S3_ACCESS_KEY_ID: optional(z.string().min(1)),
  S3_SECRET_ACCESS_KEY: optional(z.string().min(1)),
  S3_FORCE_PATH_STYLE: z.stringbool().default(true),
  SMTP_URL: optional(z.url({ protocol: /^smtps?$/, error: 'SMTP_URL must be an smtp(s):// URL' })),
  MAIL_FROM: z.string().trim().min(3).default('Touchline <no-reply@touchline.ng>'),
  /**
   * `sandbox` (our own checkout page, no money moves) or `paystack`. Unset: the sandbox, except in
   * production, where it must be named (`refinePaymentsForProduction`).
   */
  PAYMENT_PROVIDER: optional(z.enum(['sandbox', 'paystack'])),
  /** Production runs the sandbox only with this set to true as well (decision 38). */
  ALLOW_SANDBOX_PAYMENTS: z.stringbool().default(false),
  PAYSTACK_SECRET_KEY: optional(z.string().trim().min(1)),
  /** https, or http on a loopback address (the local fake of tests): the secret key travels in it. */
  PAYSTACK_BASE_URL: optional(
    z.url({ protocol: /^https?$/, error: 'PAYSTACK_BASE_URL must be an http(s) URL' }).refine(
      (url) => {
        const { protocol, hostname } = new URL(url);
        return protocol === 'https:' || LOOPBACK_HOSTS.has(hostname);
      },
      {
        error:
          'PAYSTACK_BASE_URL must be https (plain http only on a loopback address): the secret key is sent with every call',
      },
    ),
  ),
  /** Web Push (supplement §16): both keys, or neither (kept in the data directory). */
  VAPID_PUBLIC_KEY: optional(
    z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9_-]{80,100}$/, 'VAPID_PUBLIC_KEY must be a base64url P-256 public key'),
  ),
  VAPID_PRIVATE_KEY: optional(
    z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9_-]{40,50}$/, 'VAPID_PRIVATE_KEY must be a base64url P-256 private key'),
  ),
  /** Who push services contact about our pushes: a mailto: or https: address. */
  VAPID_SUBJECT: z
    .string()
    .trim()
    .regex(/^(mailto:|https:\/\/)\S+$/, 'VAPID_SUBJECT must be a mailto: or https: address')
    .default('mailto:support@touchline.ng'),
  /**
   * The only hosts pushes go to (comma-separated; `*.host` matches its subdomains). Defaults to
   * the major browsers' push services. Outside production a loopback `127.0.0.1:PORT` may be
   * listed (a test's fake push service), reached over plain http.
   */
  PUSH_ENDPOINT_HOSTS: z
    .string()
    .default(DEFAULT_PUSH_ENDPOINT_HOSTS.join(','))
    .transform((v) =>
      v
        .split(',')
        .map((h) => h.trim().toLowerCase())
        .filter(Boolean),
    ),
  /**
   * `devbox` (the development mailbox) or `termii`. Unset: the devbox, except in production,
   * where it must be named (`refineSmsForProduction`).
   */
  SMS_PROVIDER: optional(z.enum(['devbox', 'termii'])),
  /** Production runs the SMS devbox only with this set to true as well (decision 54). */
  ALLOW_DEVBOX_SMS: z.stringbool().default(false),
  TERMII_API_KEY: optional(z.string().trim().min(1)),
  /** https, or http on a loopback address (the local fake of tests): the API key travels in it. */
  TERMII_BASE_URL: optional(
    z.url({ protocol: /^https?$/, error: 'TERMII_BASE_URL must be an http(s) URL' }).refine(
      (url) => {
        const { protocol, hostname } = new URL(url);
        return protocol === 'https:' || LOOPBACK_HOSTS.has(hostname);
      },
      {
        error:
          'TERMII_BASE_URL must be https (plain http only on a loopback address): the API key is sent with every call',
      },
    ),
  ),
  TERMII_SENDER_ID: z.string().trim().min(3).max(11).default('Touchline'),
};

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

/** True when the configured payments are the sandbox (no money moves). */
export const runsSandboxPayments = (config: { PAYMENT_PROVIDER?: string | undefined }) =>
  config.PAYMENT_PROVIDER !== 'paystack';

/**
 * In production the sandbox is never a default: a deployment that forgot PAYMENT_PROVIDER would
 * register every paid trial for nothing. It runs only when named (`PAYMENT_PROVIDER=sandbox`)
 * and allowed (`ALLOW_SANDBOX_PAYMENTS=true`); otherwise the process refuses to start.
 */
export function refinePaymentsForProduction(
  config: { PAYMENT_PROVIDER?: string | undefined; ALLOW_SANDBOX_PAYMENTS?: boolean | undefined },
  appEnv: 'development' | 'production',
  ctx: z.RefinementCtx,
): void {
  if (appEnv !== 'production') return;
  if (config.PAYMENT_PROVIDER === undefined) {
    ctx.addIssue({
      code: 'custom',
      path: ['PAYMENT_PROVIDER'],
      message:
        'PAYMENT_PROVIDER is required in production: paystack (with PAYSTACK_SECRET_KEY) for real payments, or sandbox with ALLOW_SANDBOX_PAYMENTS=true for test payments where no money moves',
    });
  } else if (config.PAYMENT_PROVIDER === 'sandbox' && config.ALLOW_SANDBOX_PAYMENTS !== true) {
    ctx.addIssue({
      code: 'custom',
      path: ['ALLOW_SANDBOX_PAYMENTS'],
      message:
        'PAYMENT_PROVIDER=sandbox in production needs ALLOW_SANDBOX_PAYMENTS=true: any player could pay on the sandbox checkout without money moving',
    });
  }
}

/**
 * In production the SMS devbox is never a default: a deployment that forgot SMS_PROVIDER would
 * keep every code and text in its database and send nothing. It runs only when named
 * (`SMS_PROVIDER=devbox`) and allowed (`ALLOW_DEVBOX_SMS=true`); otherwise the process refuses
 * to start, saying why (decision 54).
 */
export function refineSmsForProduction(
  config: { SMS_PROVIDER?: string | undefined; ALLOW_DEVBOX_SMS?: boolean | undefined },
  appEnv: 'development' | 'production',
  ctx: z.RefinementCtx,
): void {
  if (appEnv !== 'production') return;
  if (config.SMS_PROVIDER === undefined) {
    ctx.addIssue({
      code: 'custom',
      path: ['SMS_PROVIDER'],
      message:
        'SMS_PROVIDER is required in production: termii (with TERMII_API_KEY) to send SMS, or devbox with ALLOW_DEVBOX_SMS=true to keep them in the development mailbox',
    });
  } else if (config.SMS_PROVIDER === 'devbox' && config.ALLOW_DEVBOX_SMS !== true) {
    ctx.addIssue({
      code: 'custom',
      path: ['ALLOW_DEVBOX_SMS'],
      message:
        'SMS_PROVIDER=devbox in production needs ALLOW_DEVBOX_SMS=true: no SMS would leave, and codes would wait in the database',
    });
  }
}

type RefinedFields = {
  S3_ENDPOINT?: string | undefined;
  S3_BUCKET?: string | undefined;
  S3_ACCESS_KEY_ID?: string | undefined;
  S3_SECRET_ACCESS_KEY?: string | undefined;
  PAYMENT_PROVIDER?: 'sandbox' | 'paystack' | undefined;
  PAYSTACK_SECRET_KEY?: string | undefined;
  SMS_PROVIDER?: 'devbox' | 'termii' | undefined;
  TERMII_API_KEY?: string | undefined;
  VAPID_PUBLIC_KEY?: string | undefined;
  VAPID_PRIVATE_KEY?: string | undefined;
};

const S3_CORE = ['S3_ENDPOINT', 'S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const;
const S3_REQUIRED = ['S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const;

/**
 * S3 is all or nothing: once any S3_* core variable is set, the bucket and keys are required.
 * Paystack needs its secret key.
 */
export function refineDriversConfig<T extends RefinedFields>(
  config: T,
  ctx: z.RefinementCtx<T>,
): void {
  if (config.PAYMENT_PROVIDER === 'paystack' && config.PAYSTACK_SECRET_KEY === undefined) {
    ctx.addIssue({
      code: 'custom',
      path: ['PAYSTACK_SECRET_KEY'],
      message: 'PAYSTACK_SECRET_KEY is required when PAYMENT_PROVIDER=paystack',
    });
  }
  if (config.SMS_PROVIDER === 'termii' && config.TERMII_API_KEY === undefined) {
    ctx.addIssue({
      code: 'custom',
      path: ['TERMII_API_KEY'],
      message: 'TERMII_API_KEY is required when SMS_PROVIDER=termii',
    });
  }
  if ((config.VAPID_PUBLIC_KEY === undefined) !== (config.VAPID_PRIVATE_KEY === undefined)) {
    ctx.addIssue({
      code: 'custom',
      path: ['VAPID_PRIVATE_KEY'],
      message:
        'VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are set together (or neither: kept in the data directory)',
    });
  }
  const set = S3_CORE.filter((name) => config[name] !== undefined);
  if (set.length === 0) return;
  for (const name of S3_REQUIRED) {
    if (config[name] === undefined) {
      ctx.addIssue({
        code: 'custom',
        path: [name],
        message: `${name} is required when S3 storage is configured (${set.join(', ')} set)`,
      });
    }
  }
}

export const driversConfigSchema = z.object(driversConfigShape).superRefine(refineDriversConfig);

export type DriversConfig = z.output<typeof driversConfigSchema>;
