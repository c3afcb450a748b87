import { describe, expect, it } from 'vitest';
import { loadWorkerConfig } from './config';

const base = {
  DATABASE_URL: 'postgres://touchline:touchline@127.0.0.1:5432/touchline',
  REDIS_URL: 'redis://127.0.0.1:6379',
};
const TERMII = { SMS_PROVIDER: 'termii', TERMII_API_KEY: 'termii_live_x' };

describe('worker configuration', () => {
  it('is production by default and refuses the development mailbox there', () => {
    expect(() => loadWorkerConfig(base)).toThrow(/SMTP_URL is required in production/);
    const c = loadWorkerConfig({
      ...base,
      SMTP_URL: 'smtp://mail.example.ng:587',
      PAYMENT_PROVIDER: 'paystack',
      PAYSTACK_SECRET_KEY: 'sk_live_x',
      ...TERMII,
    });
    expect(c.APP_ENV).toBe('production');
  });

  it('refuses the sandbox in production unless named and allowed', () => {
    const prod = { ...base, SMTP_URL: 'smtp://mail.example.ng:587', ...TERMII };
    expect(() => loadWorkerConfig(prod)).toThrow(/PAYMENT_PROVIDER is required in production/);
    expect(() => loadWorkerConfig({ ...prod, PAYMENT_PROVIDER: 'sandbox' })).toThrow(
      /needs ALLOW_SANDBOX_PAYMENTS=true/,
    );
    expect(
      loadWorkerConfig({ ...prod, PAYMENT_PROVIDER: 'sandbox', ALLOW_SANDBOX_PAYMENTS: 'true' })
        .PAYMENT_PROVIDER,
    ).toBe('sandbox');
  });

  it('refuses the SMS devbox in production unless named and allowed (decision 54)', () => {
    const prod = {
      ...base,
      SMTP_URL: 'smtp://mail.example.ng:587',
      PAYMENT_PROVIDER: 'paystack',
      PAYSTACK_SECRET_KEY: 'sk_live_x',
    };
    expect(() => loadWorkerConfig(prod)).toThrow(/SMS_PROVIDER is required in production/);
    expect(() => loadWorkerConfig({ ...prod, SMS_PROVIDER: 'devbox' })).toThrow(
      /needs ALLOW_DEVBOX_SMS=true/,
    );
    expect(
      loadWorkerConfig({ ...prod, SMS_PROVIDER: 'devbox', ALLOW_DEVBOX_SMS: 'true' }).SMS_PROVIDER,
    ).toBe('devbox');
    expect(loadWorkerConfig({ ...prod, ...TERMII }).SMS_PROVIDER).toBe('termii');
  });

  it('keeps the development mailbox when asked explicitly', () => {
    expect(loadWorkerConfig({ ...base, APP_ENV: 'development' }).SMTP_URL).toBeUndefined();
  });
});

describe('worker metrics configuration', () => {
  const prod = {
    ...base,
    SMTP_URL: 'smtp://mail.example.ng:587',
    PAYMENT_PROVIDER: 'paystack',
    PAYSTACK_SECRET_KEY: 'sk_live_x',
    ...TERMII,
  };

  it('has no metrics port unless told; an empty value counts as unset', () => {
    expect(loadWorkerConfig(prod).WORKER_METRICS_PORT).toBeUndefined();
    expect(loadWorkerConfig({ ...prod, WORKER_METRICS_PORT: '' }).WORKER_METRICS_PORT).toBe(
      undefined,
    );
  });

  it('wants METRICS_TOKEN with a metrics port in production, not in development', () => {
    expect(() => loadWorkerConfig({ ...prod, WORKER_METRICS_PORT: '9464' })).toThrow(
      /METRICS_TOKEN is required in production when WORKER_METRICS_PORT is set/,
    );
    const c = loadWorkerConfig({
      ...prod,
      WORKER_METRICS_PORT: '9464',
      METRICS_TOKEN: 'x'.repeat(32),
    });
    expect(c.WORKER_METRICS_PORT).toBe(9464);
    expect(
      loadWorkerConfig({ ...base, APP_ENV: 'development', WORKER_METRICS_PORT: '9464' })
        .METRICS_TOKEN,
    ).toBeUndefined();
    expect(() => loadWorkerConfig({ ...prod, METRICS_TOKEN: 'short' })).toThrow(
      /METRICS_TOKEN must be at least 32 characters/,
    );
  });
});
