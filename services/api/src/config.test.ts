import { describe, expect, it } from 'vitest';
import { ConfigError, loadApiConfig } from './config';

const SECRET = 'x'.repeat(32);
const PG = 'postgres://touchline:touchline@127.0.0.1:5432/touchline';
const SMTP = 'smtp://mail.example.ng:587';

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

    const c = loadApiConfig({ DATABASE_URL: PG, APP_SECRET: SECRET, SMTP_URL: SMTP });
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
