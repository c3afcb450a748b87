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
import { createLocalStorage } from './storage/local';
import type { LocalStorageDriver } from './storage/local';
import { createS3Storage } from './storage/s3';
import type { S3StorageDriver } from './storage/s3';
import type { DevMailboxStore } from './types';

/** The drivers of one process. `kind` tells which implementation runs (dashboard, health). */
export type Drivers = {
  queue: InlineQueueDriver | BullQueueDriver;
  bus: InlineBusDriver | RedisBusDriver;
  storage: LocalStorageDriver | S3StorageDriver;
  mail: DevboxMailDriver | SmtpMailDriver;
  /** Closes the queue first (running jobs may still publish, store or mail), then the rest. */
  close(): Promise<void>;
};

export type DriversDeps = {
  /** Local media live in `<dataDir>/media` when S3 is not configured. */
  dataDir: string;
  /** Signs the local driver's private URLs. */
  signingSecret: string;
  devMailboxStore: DevMailboxStore;
  logger: Logger;
  /** Prefix of the Redis keys and channels (BullMQ default `bull`, bus `touchline`); tests set a unique one. */
  keyPrefix?: string;
};

/**
 * Chooses every driver once from the validated config: REDIS_URL → BullMQ and Redis pub/sub,
 * S3_BUCKET → S3 (the bucket is created when missing), SMTP_URL → SMTP; otherwise the embedded
 * in-process, local-disk and development-mailbox drivers.
 */
export async function createDrivers(config: DriversConfig, deps: DriversDeps): Promise<Drivers> {
  const { logger } = deps;
  const redisUrl = config.REDIS_URL;
  const prefix = deps.keyPrefix ? { prefix: deps.keyPrefix } : {};
  const queue = redisUrl
    ? createBullQueue({ redisUrl, logger, ...prefix })
    : createInlineQueue({ logger });
  const bus = redisUrl
    ? createRedisBus({ redisUrl, logger, ...prefix })
    : createInlineBus({ logger });
  const storage =
    config.S3_BUCKET && config.S3_ACCESS_KEY_ID && config.S3_SECRET_ACCESS_KEY
      ? createS3Storage({
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
    ? createSmtpMail({ url: config.SMTP_URL, from: config.MAIL_FROM, logger })
    : createDevboxMail({ store: deps.devMailboxStore, logger });

  async function close() {
    await queue.close();
    await Promise.allSettled([bus.close(), storage.close(), mail.close()]);
  }

  try {
    if (storage.kind === 's3') await storage.ensureBucket();
  } catch (err) {
    await close();
    throw err;
  }
  logger.info(
    { queue: queue.kind, bus: bus.kind, storage: storage.kind, mail: mail.kind },
    'drivers ready',
  );
  return { queue, bus, storage, mail, close };
}
