export * from './types';
export type { Logger, LogFn } from './logger';
export { silentLogger } from './logger';
export {
  driversConfigSchema,
  driversConfigShape,
  refineDriversConfig,
  refinePaymentsForProduction,
  refineSmsForProduction,
  runsSandboxPayments,
  type DriversConfig,
} from './config';
export { createDrivers, type Drivers, type DriversDeps } from './drivers';
export { deriveSecrets, resolveAppSecret, type AppSecrets } from './secrets';
export { createSecretBox, type SecretBox } from './secret-box';

export { createInlineQueue, type InlineQueueDriver, type InlineQueueOptions } from './queue/inline';
export { createMemoryJobStore, type MemoryJobStore } from './queue/memory-store';
export {
  createBullQueue,
  toBullJobId,
  fromBullJobId,
  type BullQueueDriver,
  type BullQueueOptions,
} from './queue/bull';
export { InvalidJobError, isUnavailableError, type RetryPolicy } from './queue/jobs';

export {
  createInlineBus,
  createInlineBusHub,
  type InlineBusDriver,
  type InlineBusHub,
  type InlineBusOptions,
} from './bus/inline';
export { createRedisBus, type RedisBusDriver, type RedisBusOptions } from './bus/redis';
export { createMemoryPresence, type MemoryPresenceDriver } from './presence/memory';
export {
  createRedisPresence,
  type RedisPresenceDriver,
  type RedisPresenceOptions,
} from './presence/redis';
export { RedisUnavailableError, createRedisConnection, closeRedis } from './redis/connection';

export {
  createLocalStorage,
  type LocalStorageDriver,
  type LocalStorageOptions,
} from './storage/local';
export { createS3Storage, type S3StorageDriver, type S3StorageOptions } from './storage/s3';
export { InvalidStorageKeyError, assertStorageKey } from './storage/keys';

export { createSmtpMail, type SmtpMailDriver, type SmtpMailOptions } from './mail/smtp';
export { createDevboxMail, type DevboxMailDriver, type DevboxMailOptions } from './mail/devbox';

export * from './payments/types';
export {
  createPaystackProvider,
  PAYSTACK_DEFAULT_BASE_URL,
  PAYSTACK_CHECKOUT_HOST,
  type PaystackOptions,
  type PaystackPaymentProvider,
} from './payments/paystack';
export {
  createSandboxProvider,
  type SandboxCallback,
  type SandboxOptions,
  type SandboxPaymentProvider,
} from './payments/sandbox';
export {
  createMemorySandboxChargeStore,
  type MemorySandboxChargeStore,
} from './payments/memory-store';

export {
  createWebPush,
  isAllowedPushEndpoint,
  loadVapidKeys,
  PushEndpointRefusedError,
  PushServiceError,
  type PushOutcome,
  type PushTarget,
  type VapidKeys,
  type WebPushSender,
} from './push/web-push';
export { DEFAULT_PUSH_ENDPOINT_HOSTS } from './config';
export { createDevboxSms } from './sms/devbox';
export { createTermiiSms, type TermiiOptions } from './sms/termii';
export { SmsRefusedError, type DevSmsStore, type SmsMessage, type SmsProvider } from './sms/types';
