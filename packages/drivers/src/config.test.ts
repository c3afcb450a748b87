import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { driversConfigSchema, driversConfigShape, refineDriversConfig } from './config';

const problems = (result: { success: boolean; error?: z.ZodError }) =>
  result.error?.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`) ?? [];

describe('drivers config', () => {
  it('defaults to the embedded drivers', () => {
    expect(driversConfigSchema.parse({})).toEqual({
      S3_REGION: 'us-east-1',
      S3_FORCE_PATH_STYLE: true,
      MAIL_FROM: 'Touchline <no-reply@touchline.ng>',
      ALLOW_SANDBOX_PAYMENTS: false,
      VAPID_SUBJECT: 'mailto:support@touchline.ng',
      PUSH_ENDPOINT_HOSTS: [
        'fcm.googleapis.com',
        'updates.push.services.mozilla.com',
        'web.push.apple.com',
        '*.notify.windows.com',
      ],
      ALLOW_DEVBOX_SMS: false,
      TERMII_SENDER_ID: 'Touchline',
    });
  });

  it('takes Termii with its key, VAPID keys in pairs, and the push hosts as a list', () => {
    expect(problems(driversConfigSchema.safeParse({ SMS_PROVIDER: 'termii' }))).toEqual([
      'TERMII_API_KEY: TERMII_API_KEY is required when SMS_PROVIDER=termii',
    ]);
    expect(
      problems(driversConfigSchema.safeParse({ TERMII_BASE_URL: 'http://termii.example' })),
    ).toHaveLength(1);
    expect(problems(driversConfigSchema.safeParse({ VAPID_PUBLIC_KEY: 'B'.repeat(87) }))).toEqual([
      'VAPID_PRIVATE_KEY: VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are set together (or neither: kept in the data directory)',
    ]);
    expect(
      driversConfigSchema.parse({ PUSH_ENDPOINT_HOSTS: ' FCM.googleapis.com , 127.0.0.1:9000,' })
        .PUSH_ENDPOINT_HOSTS,
    ).toEqual(['fcm.googleapis.com', '127.0.0.1:9000']);
  });

  it('requires the secret key for Paystack and takes its base URL', () => {
    expect(problems(driversConfigSchema.safeParse({ PAYMENT_PROVIDER: 'paystack' }))).toEqual([
      'PAYSTACK_SECRET_KEY: PAYSTACK_SECRET_KEY is required when PAYMENT_PROVIDER=paystack',
    ]);
    const config = driversConfigSchema.parse({
      PAYMENT_PROVIDER: 'paystack',
      PAYSTACK_SECRET_KEY: 'sk_test_1',
      PAYSTACK_BASE_URL: 'http://127.0.0.1:4010',
    });
    expect(config.PAYSTACK_BASE_URL).toBe('http://127.0.0.1:4010');
    expect(problems(driversConfigSchema.safeParse({ PAYMENT_PROVIDER: 'stripe' }))).toHaveLength(1);
  });

  it('treats empty variables as unset', () => {
    const config = driversConfigSchema.parse({ REDIS_URL: '', S3_ENDPOINT: '', SMTP_URL: '' });
    expect(config.REDIS_URL).toBeUndefined();
    expect(config.S3_ENDPOINT).toBeUndefined();
  });

  it('parses the scaled configuration', () => {
    const config = driversConfigSchema.parse({
      REDIS_URL: 'redis://redis:6379',
      S3_ENDPOINT: 'http://minio:9000',
      S3_BUCKET: 'touchline',
      S3_ACCESS_KEY_ID: 'key',
      S3_SECRET_ACCESS_KEY: 'secret',
      S3_FORCE_PATH_STYLE: 'false',
      SMTP_URL: 'smtps://user:pass@smtp.example.com:465',
    });
    expect(config.S3_FORCE_PATH_STYLE).toBe(false);
    expect(config.SMTP_URL).toBe('smtps://user:pass@smtp.example.com:465');
  });

  it('requires the bucket and both keys once any S3 variable is set', () => {
    const result = driversConfigSchema.safeParse({ S3_ENDPOINT: 'http://minio:9000' });
    expect(problems(result)).toEqual([
      'S3_BUCKET: S3_BUCKET is required when S3 storage is configured (S3_ENDPOINT set)',
      'S3_ACCESS_KEY_ID: S3_ACCESS_KEY_ID is required when S3 storage is configured (S3_ENDPOINT set)',
      'S3_SECRET_ACCESS_KEY: S3_SECRET_ACCESS_KEY is required when S3 storage is configured (S3_ENDPOINT set)',
    ]);
  });

  it('names a malformed URL', () => {
    const result = driversConfigSchema.safeParse({
      REDIS_URL: 'localhost:6379',
      SMTP_URL: 'http://x',
    });
    expect(problems(result)).toEqual([
      'REDIS_URL: REDIS_URL must be a redis:// URL',
      'SMTP_URL: SMTP_URL must be an smtp(s):// URL',
    ]);
  });

  it('merges into a process schema through its shape and refinement', () => {
    const schema = z
      .object({ PORT: z.coerce.number().default(3000), ...driversConfigShape })
      .superRefine(refineDriversConfig);
    expect(schema.parse({ PORT: '8080' }).PORT).toBe(8080);
    expect(problems(schema.safeParse({ S3_BUCKET: 'media' }))).toHaveLength(2);
  });
});
