export { createCapturingLogger, type LogEntry } from './logger';
export { deleteRedisKeys, testRedisUrl, uniqueRedisPrefix } from './redis';
export { startS3rver } from './s3';
export { startSmtpServer, type CapturedMail } from './smtp';
export { sleep, waitFor, waitForQueueSettled } from './wait';
export {
  startFakePaystack,
  type FakePaystack,
  type FakePaystackCall,
  type FakePaystackTransaction,
} from './fake-paystack';
export {
  decryptWebPush,
  startFakePushService,
  type FakePush,
  type FakePushService,
} from './fake-push-service';
export { startFakeTermii, type FakeTermii, type FakeTermiiSms } from './fake-termii';
