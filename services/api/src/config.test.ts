import { describe, expect, it } from 'vitest';
import { ConfigError, loadApiConfig } from './config';

const SECRET = 'x'.repeat(32);
const PG = 'postgres://touchline:touchline@127.0.0.1:5432/touchline';
const SMTP = 'smtp://mail.example.ng:587';
const PAYSTACK = { PAYMENT_PROVIDER: 'paystack', PAYSTACK_SECRET_KEY: 'sk_live_x' };
const TERMII = { SMS_PROVIDER: 'termii', TERMII_API_KEY: 'termii_live_x' };

describe('API configuration: safe by default', () => {
  it('embedded mode (no DATABASE_URL) is development, seeds the demo, listens on loopback', () => {
    const c = loadApiConfig({});
    expect(c.APP_ENV).toBe('development');
    expect(c.SEED_DEMO).toBe(true);
    expect(c.HOST).toBe('127.0.0.1');
    expect(loadApiConfig({ HOST: '0.0.0.0' }).HOST).toBe('0.0.0.0');
  });

  it('DATABASE_URL without APP_ENV is production: no demo seed, secret and SMTP required', () => {
    expect(() => loadApiConfig({ DATABASE_URL: PG })).toThrow(ConfigError);
    const message = (() => {
      try {
        loadApiConfig({ DATABASE_URL: PG });
      } catch (err) {
        return (err as Error).message;
      }
    })();
    expect(message).toMatch(/APP_SECRET: APP_SECRET is required in production/);
    expect(message).toMatch(/SMTP_URL: SMTP_URL is required in production/);

    const c = loadApiConfig({
      DATABASE_URL: PG,
      APP_SECRET: SECRET,
      SMTP_URL: SMTP,
      ...PAYSTACK,
      ...TERMII,
    });
    expect(c.APP_ENV).toBe('production');
    expect(c.SEED_DEMO).toBe(false);
  });

  it('never seeds in production, even when SEED_DEMO says so', () => {
    const c = loadApiConfig({
      APP_ENV: 'production',
      DATABASE_URL: PG,
      APP_SECRET: SECRET,
      SMTP_URL: SMTP,
      SEED_DEMO: 'true',
      ...PAYSTACK,
      ...TERMII,
    });
    expect(c.SEED_DEMO).toBe(false);
  });

  it('refuses the development mailbox in production', () => {
    expect(() =>
      loadApiConfig({ APP_ENV: 'production', DATABASE_URL: PG, APP_SECRET: SECRET }),
    ).toThrow(/SMTP_URL is required in production/);
  });

  it('keeps the development mailbox and demo on Postgres when asked explicitly', () => {
    const c = loadApiConfig({ APP_ENV: 'development', DATABASE_URL: PG });
    expect(c.APP_ENV).toBe('development');
    expect(c.SEED_DEMO).toBe(true);
  });

  it('refuses a short APP_SECRET', () => {
    expect(() => loadApiConfig({ APP_SECRET: 'short' })).toThrow(/at least 32 characters/);
  });
});

describe('payments in production (issue 25, decision 38)', () => {
  const production = { DATABASE_URL: PG, APP_SECRET: SECRET, SMTP_URL: SMTP, ...TERMII };
  const reason = (env: Record<string, string>) => {
    try {
      loadApiConfig(env);
      return null;
    } catch (err) {
      return (err as Error).message;
    }
  };

  it('refuses to start with DATABASE_URL set and no payment provider named, saying why', () => {
    expect(reason(production)).toMatch(
      /PAYMENT_PROVIDER: PAYMENT_PROVIDER is required in production: paystack .* or sandbox with ALLOW_SANDBOX_PAYMENTS=true/,
    );
  });

  it('refuses the sandbox in production unless ALLOW_SANDBOX_PAYMENTS=true', () => {
    expect(reason({ ...production, PAYMENT_PROVIDER: 'sandbox' })).toMatch(
      /ALLOW_SANDBOX_PAYMENTS: PAYMENT_PROVIDER=sandbox in production needs ALLOW_SANDBOX_PAYMENTS=true/,
    );
    expect(
      reason({ ...production, PAYMENT_PROVIDER: 'sandbox', ALLOW_SANDBOX_PAYMENTS: 'false' }),
    ).toMatch(/needs ALLOW_SANDBOX_PAYMENTS=true/);
    const c = loadApiConfig({
      ...production,
      PAYMENT_PROVIDER: 'sandbox',
      ALLOW_SANDBOX_PAYMENTS: 'true',
    });
    expect(c.PAYMENT_PROVIDER).toBe('sandbox');
    expect(loadApiConfig({ ...production, ...PAYSTACK }).PAYMENT_PROVIDER).toBe('paystack');
  });

  it('keeps the sandbox as the embedded default outside production', () => {
    expect(loadApiConfig({}).PAYMENT_PROVIDER).toBeUndefined();
    expect(loadApiConfig({ APP_ENV: 'development', DATABASE_URL: PG }).APP_ENV).toBe('development');
  });

  it('sends the Paystack key only over https (plain http only to a loopback fake)', () => {
    expect(reason({ ...PAYSTACK, PAYSTACK_BASE_URL: 'http://api.paystack.example/' })).toMatch(
      /PAYSTACK_BASE_URL must be https/,
    );
    expect(
      loadApiConfig({ ...PAYSTACK, PAYSTACK_BASE_URL: 'http://127.0.0.1:4010' }).PAYSTACK_BASE_URL,
    ).toBe('http://127.0.0.1:4010');
    expect(
      loadApiConfig({ ...PAYSTACK, PAYSTACK_BASE_URL: 'https://api.paystack.co' })
        .PAYSTACK_BASE_URL,
    ).toBe('https://api.paystack.co');
  });
});

describe('TRUST_PROXY', () => {
  const trust = (value?: string) =>
    loadApiConfig(value === undefined ? {} : { TRUST_PROXY: value }).TRUST_PROXY;

  it('trusts no proxy by default', () => {
    expect(trust()).toBe(false);
    expect(trust('false')).toBe(false);
    expect(trust('')).toBe(false);
  });

  it('turns a hop count (and true) into a trust of exactly that many hops', () => {
    for (const [value, hops] of [
      ['1', 1],
      ['true', 1],
      ['2', 2],
    ] as const) {
      const fn = trust(value);
      expect(typeof fn).toBe('function');
      if (typeof fn !== 'function') continue;
      expect(fn.hops).toBe(hops);
      expect(fn('10.0.0.1', hops - 1)).toBe(true);
      expect(fn('10.0.0.1', hops)).toBe(false);
    }
  });

  it('accepts proxy addresses and CIDRs, and refuses anything else', () => {
    expect(trust('10.0.0.0/8, 192.168.1.10,loopback, ::1')).toEqual([
      '10.0.0.0/8',
      '192.168.1.10',
      'loopback',
      '::1',
    ]);
    expect(() => trust('proxy.example.ng')).toThrow(/TRUST_PROXY/);
    expect(() => trust('10.0.0.0/33')).toThrow(/TRUST_PROXY/);
  });
});

describe('SMS in production (issue 26, decision 54)', () => {
  const production = { DATABASE_URL: PG, APP_SECRET: SECRET, SMTP_URL: SMTP, ...PAYSTACK };
  const reason = (env: Record<string, string>) => {
    try {
      loadApiConfig(env);
      return null;
    } catch (err) {
      return (err as Error).message;
    }
  };

  it('refuses to start with DATABASE_URL set and no SMS provider named, saying why', () => {
    expect(reason(production)).toMatch(
      /SMS_PROVIDER: SMS_PROVIDER is required in production: termii \(with TERMII_API_KEY\) .* or devbox with ALLOW_DEVBOX_SMS=true/,
    );
  });

  it('refuses the devbox in production unless ALLOW_DEVBOX_SMS=true', () => {
    expect(reason({ ...production, SMS_PROVIDER: 'devbox' })).toMatch(
      /ALLOW_DEVBOX_SMS: SMS_PROVIDER=devbox in production needs ALLOW_DEVBOX_SMS=true/,
    );
    expect(reason({ ...production, SMS_PROVIDER: 'devbox', ALLOW_DEVBOX_SMS: 'false' })).toMatch(
      /needs ALLOW_DEVBOX_SMS=true/,
    );
    const c = loadApiConfig({ ...production, SMS_PROVIDER: 'devbox', ALLOW_DEVBOX_SMS: 'true' });
    expect(c.SMS_PROVIDER).toBe('devbox');
    expect(loadApiConfig({ ...production, ...TERMII }).SMS_PROVIDER).toBe('termii');
    expect(reason({ ...production, SMS_PROVIDER: 'termii' })).toMatch(
      /TERMII_API_KEY is required when SMS_PROVIDER=termii/,
    );
  });

  it('keeps the devbox as the embedded default outside production', () => {
    expect(loadApiConfig({}).SMS_PROVIDER).toBeUndefined();
    expect(loadApiConfig({ APP_ENV: 'development', DATABASE_URL: PG }).SMS_PROVIDER).toBe(
      undefined,
    );
  });
});
