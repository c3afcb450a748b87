import { describe, expect, it } from 'vitest';
import { loadWorkerConfig } from './config';

const base = {
  DATABASE_URL: 'postgres://touchline:touchline@127.0.0.1:5432/touchline',
  REDIS_URL: 'redis://127.0.0.1:6379',
};

describe('worker configuration', () => {
  it('is production by default and refuses the development mailbox there', () => {
    expect(() => loadWorkerConfig(base)).toThrow(/SMTP_URL is required in production/);
    const c = loadWorkerConfig({ ...base, SMTP_URL: 'smtp://mail.example.ng:587' });
    expect(c.APP_ENV).toBe('production');
  });

  it('keeps the development mailbox when asked explicitly', () => {
    expect(loadWorkerConfig({ ...base, APP_ENV: 'development' }).SMTP_URL).toBeUndefined();
  });
});
