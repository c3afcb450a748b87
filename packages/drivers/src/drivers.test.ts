import { QUEUES } from '@touchline/shared';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { driversConfigSchema } from './config';
import { createDrivers } from './drivers';
import { silentLogger } from './logger';
import { createMemorySandboxChargeStore } from './payments/memory-store';
import { createMemoryJobStore } from './queue/memory-store';
import { startS3rver } from './testing/s3';
import { startSmtpServer } from './testing/smtp';
import { deleteRedisKeys, testRedisUrl, uniqueRedisPrefix } from './testing/redis';
import type { DevMailboxStore } from './types';

const store: DevMailboxStore = { deliver: async () => ({ id: 'devmail-1' }) };
const redisUrl = testRedisUrl();
const keyPrefix = uniqueRedisPrefix('drivers');

let dataDir: string;
let s3rver: Awaited<ReturnType<typeof startS3rver>>;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'touchline-drivers-'));
  [s3rver, smtp] = await Promise.all([startS3rver(), startSmtpServer()]);
});

afterAll(async () => {
  await Promise.all([s3rver?.close(), smtp?.close()]);
  await rm(dataDir, { recursive: true, force: true });
  if (redisUrl) await deleteRedisKeys(redisUrl, keyPrefix);
});

const deps = () => ({
  dataDir,
  signingSecret: 'test-signing-secret-0123456789',
  devMailboxStore: store,
  jobStore: createMemoryJobStore(),
  sandboxChargeStore: createMemorySandboxChargeStore(),
  devSmsStore: { deliver: async () => ({ id: 'sms-1' }) },
  allowLoopbackPush: true,
  logger: silentLogger,
  keyPrefix,
});

describe('createDrivers', () => {
  it('chooses the embedded drivers without Redis, S3 or SMTP', async () => {
    const drivers = await createDrivers(driversConfigSchema.parse({}), deps());
    expect([
      drivers.queue.kind,
      drivers.bus.kind,
      drivers.presence.kind,
      drivers.storage.kind,
      drivers.mail.kind,
      drivers.payments.kind,
    ]).toEqual(['inline', 'inline', 'memory', 'local', 'devbox', 'sandbox']);
    await drivers.storage.put({
      key: 'a.txt',
      body: Buffer.from('a'),
      contentType: 'text/plain',
      visibility: 'public',
    });
    expect(drivers.storage.kind === 'local' && drivers.storage.filePath('a.txt', 'public')).toBe(
      path.join(dataDir, 'media', 'public', 'a.txt'),
    );
    await drivers.close();
  });

  it('chooses S3 (creating the bucket), SMTP, Paystack and, with REDIS_URL, BullMQ and Redis pub/sub', async () => {
    const config = driversConfigSchema.parse({
      ...(redisUrl ? { REDIS_URL: redisUrl } : {}),
      S3_ENDPOINT: s3rver.endpoint,
      S3_BUCKET: 'fresh-bucket',
      S3_ACCESS_KEY_ID: s3rver.accessKeyId,
      S3_SECRET_ACCESS_KEY: s3rver.secretAccessKey,
      SMTP_URL: smtp.url,
      PAYMENT_PROVIDER: 'paystack',
      PAYSTACK_SECRET_KEY: 'sk_test_drivers',
      SMS_PROVIDER: 'devbox',
      ALLOW_DEVBOX_SMS: 'true',
    });
    const drivers = await createDrivers(config, deps());
    expect([drivers.storage.kind, drivers.mail.kind, drivers.payments.kind]).toEqual([
      's3',
      'smtp',
      'paystack',
    ]);
    expect([drivers.queue.kind, drivers.bus.kind, drivers.presence.kind]).toEqual(
      redisUrl ? ['bullmq', 'redis', 'redis'] : ['inline', 'inline', 'memory'],
    );
    if (drivers.queue.kind === 'bullmq') {
      expect(drivers.queue.getBullQueues().map((q) => q.name)).toEqual([...QUEUES]);
    }
    await drivers.storage.put({
      key: 'b.txt',
      body: Buffer.from('b'),
      contentType: 'text/plain',
      visibility: 'private',
    });
    expect(await drivers.storage.get('b.txt', 'private')).not.toBeNull();
    await drivers.close();
  });
});
