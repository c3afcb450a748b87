import path from 'node:path';
import type { DriversConfig } from './config';
import type { Logger } from './logger';
import { createDevboxMail } from './mail/devbox';
import type { DevboxMailDriver } from './mail/devbox';
import { createSmtpMail } from './mail/smtp';
import type { SmtpMailDriver } from './mail/smtp';
import { createBullQueue } from './queue/bull';
import type { BullQueueDriver } from './queue/bull';
import { createInlineQueue } from './queue/inline';
import type { InlineQueueDriver } from './queue/inline';
import { createInlineBus } from './bus/inline';
import type { InlineBusDriver } from './bus/inline';
import { createRedisBus } from './bus/redis';
import type { RedisBusDriver } from './bus/redis';
import { createMemoryPresence } from './presence/memory';
import type { MemoryPresenceDriver } from './presence/memory';
import { createRedisPresence } from './presence/redis';
import type { RedisPresenceDriver } from './presence/redis';
import { createLocalStorage } from './storage/local';
import type { LocalStorageDriver } from './storage/local';
import { createS3Storage } from './storage/s3';
import type { S3StorageDriver } from './storage/s3';
import { createPaystackProvider, type PaystackPaymentProvider } from './payments/paystack';
import { createSandboxProvider, type SandboxPaymentProvider } from './payments/sandbox';
import type { SandboxChargeStore } from './payments/types';
import { createSecretBox, type SecretBox } from './secret-box';
import { createWebPush, deriveVapidKeys, loadVapidKeys, type WebPushSender } from './push/web-push';
import { createDevboxSms } from './sms/devbox';
import { createTermiiSms } from './sms/termii';
import type { DevSmsStore, SmsProvider } from './sms/types';
import type { DevMailboxStore, JobStore } from './types';

/** The drivers of one process. `kind` tells which implementation runs (dashboard, health). */
export type Drivers = {
  queue: InlineQueueDriver | BullQueueDriver;
  bus: InlineBusDriver | RedisBusDriver;
  /** Who is online: in memory (one process holds every socket) → Redis leases per instance. */
  presence: MemoryPresenceDriver | RedisPresenceDriver;
  storage: LocalStorageDriver | S3StorageDriver;
  mail: DevboxMailDriver | SmtpMailDriver;
  /** The payment provider: the embedded sandbox, or Paystack (`PAYMENT_PROVIDER`). */
  payments: SandboxPaymentProvider | PaystackPaymentProvider;
  /** Seals secrets kept at rest until used (an e-mail's parameters until it is sent). */
  secretBox: SecretBox;
  /** Web Push with the VAPID keys (environment, or the data directory) and the host guard. */
  push: WebPushSender;
  /** The SMS provider: the development mailbox, or Termii (`SMS_PROVIDER`). */
  sms: SmsProvider;
  /** Closes the queue first (running jobs may still publish, store or mail), then the rest. */
  close(): Promise<void>;
};

export type DriversDeps = {
  /** Local media live in `<dataDir>/media` when S3 is not configured. */
  dataDir: string;
  /**
   * The drivers' secret, derived from APP_SECRET: signs the local driver's private URLs; the
   * secret box derives its own key from it.
   */
  signingSecret: string;
  devMailboxStore: DevMailboxStore;
  /**
   * Where the in-process queue keeps its jobs when there is no Redis (implemented on the database
   * by @touchline/db), so the embedded mode loses nothing on a restart. BullMQ does not use it.
   */
  jobStore: JobStore;
  /**
   * The sandbox payment provider's "remote side" (its charges; implemented on the database by
   * @touchline/db), so API and worker see the same charges. Paystack does not use it.
   */
  sandboxChargeStore: SandboxChargeStore;
  /** Where the devbox SMS provider lands messages (the development mailbox). */
  devSmsStore: DevSmsStore;
  /**
   * Outside production: pushes may go over plain http to a loopback host listed in
   * PUSH_ENDPOINT_HOSTS (a test's fake push service). False in production.
   */
  allowLoopbackPush: boolean;
  /** Tuning of the in-process queue (tests shorten the lease a killed process holds its jobs). */
  inlineQueue?: { leaseMs?: number; pollMs?: number };
  logger: Logger;
  /** Tuning of the Redis presence (tests shorten how long a killed instance's users stay online). */
  presence?: { ttlMs?: number; heartbeatMs?: number };
  /** Prefix of the Redis keys and channels (BullMQ default `bull`, bus `touchline`); tests set a unique one. */
  keyPrefix?: string;
};

/**
 * Chooses every driver once from the validated config: REDIS_URL → BullMQ and Redis pub/sub
 * and Redis presence (otherwise the in-process queue over `deps.jobStore`, i.e. the database,
 * and presence in memory),
 * S3_BUCKET → S3 (the bucket is created when missing), SMTP_URL → SMTP,
 * PAYMENT_PROVIDER=paystack → Paystack; otherwise the embedded in-process, local-disk,
 * development-mailbox and sandbox-payment drivers.
 */
export async function createDrivers(config: DriversConfig, deps: DriversDeps): Promise<Drivers> {
  const { logger } = deps;
  const redisUrl = config.REDIS_URL;
  const prefix = deps.keyPrefix ? { prefix: deps.keyPrefix } : {};
  // The scaled mode's packages (BullMQ, ioredis, the AWS SDK, nodemailer) are imported by the
  // drivers that use them, when chosen: the embedded start loads none of them (decision 68).
  const queue = redisUrl
    ? await createBullQueue({ redisUrl, logger, ...prefix })
    : createInlineQueue({ logger, store: deps.jobStore, ...deps.inlineQueue });
  const bus = redisUrl
    ? await createRedisBus({ redisUrl, logger, ...prefix })
    : createInlineBus({ logger });
  const presence = redisUrl
    ? createRedisPresence({ redisUrl, logger, ...prefix, ...deps.presence })
    : createMemoryPresence();
  const storage =
    config.S3_BUCKET && config.S3_ACCESS_KEY_ID && config.S3_SECRET_ACCESS_KEY
      ? await createS3Storage({
          ...(config.S3_ENDPOINT ? { endpoint: config.S3_ENDPOINT } : {}),
          region: config.S3_REGION,
          bucket: config.S3_BUCKET,
          accessKeyId: config.S3_ACCESS_KEY_ID,
          secretAccessKey: config.S3_SECRET_ACCESS_KEY,
          forcePathStyle: config.S3_FORCE_PATH_STYLE,
        })
      : createLocalStorage({
          rootDir: path.join(deps.dataDir, 'media'),
          signingSecret: deps.signingSecret,
        });
  const mail = config.SMTP_URL
    ? await createSmtpMail({ url: config.SMTP_URL, from: config.MAIL_FROM, logger })
    : createDevboxMail({ store: deps.devMailboxStore, logger });
  const payments =
    config.PAYMENT_PROVIDER === 'paystack' && config.PAYSTACK_SECRET_KEY
      ? createPaystackProvider({
          secretKey: config.PAYSTACK_SECRET_KEY,
          ...(config.PAYSTACK_BASE_URL ? { baseUrl: config.PAYSTACK_BASE_URL } : {}),
        })
      : createSandboxProvider({
          store: deps.sandboxChargeStore,
          signingSecret: deps.signingSecret,
        });

  const push = createWebPush({
    // Scaled without VAPID keys in the environment: one pair derived from the shared secret, so
    // every API instance and worker signs alike (a DATA_DIR of its own each would not).
    vapid:
      redisUrl && !config.VAPID_PUBLIC_KEY
        ? deriveVapidKeys(deps.signingSecret, config.VAPID_SUBJECT)
        : await loadVapidKeys(config, deps.dataDir),
    endpointHosts: config.PUSH_ENDPOINT_HOSTS,
    allowLoopbackHttp: deps.allowLoopbackPush,
  });
  const sms: SmsProvider =
    config.SMS_PROVIDER === 'termii' && config.TERMII_API_KEY
      ? createTermiiSms({
          apiKey: config.TERMII_API_KEY,
          senderId: config.TERMII_SENDER_ID,
          ...(config.TERMII_BASE_URL ? { baseUrl: config.TERMII_BASE_URL } : {}),
        })
      : createDevboxSms({ store: deps.devSmsStore, logger });

  async function close() {
    await queue.close();
    await Promise.allSettled([bus.close(), presence.close(), storage.close(), mail.close()]);
  }

  try {
    if (storage.kind === 's3') await storage.ensureBucket();
  } catch (err) {
    await close();
    throw err;
  }
  logger.info(
    {
      queue: queue.kind,
      bus: bus.kind,
      presence: presence.kind,
      storage: storage.kind,
      mail: mail.kind,
      payments: payments.kind,
      sms: sms.kind,
    },
    'drivers ready',
  );
  return {
    queue,
    bus,
    presence,
    storage,
    mail,
    payments,
    secretBox: createSecretBox(deps.signingSecret),
    push,
    sms,
    close,
  };
}
