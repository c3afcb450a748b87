import { PassThrough } from 'node:stream';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadApiConfig } from '../config';
import { createTestApp, type TestApp } from '../testing/test-app';
import { bufferedJsonDestination, createLogger } from './logging';

/** A stream that keeps what is written to it, as text. */
function capture() {
  const stream = new PassThrough();
  const chunks: string[] = [];
  stream.on('data', (chunk: Buffer) => chunks.push(chunk.toString('utf8')));
  return { stream, lines: () => chunks.join('').split('\n').filter(Boolean) };
}

describe('logs: readable in development, JSON in production', () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it('the log format follows APP_ENV unless LOG_FORMAT says otherwise', () => {
    expect(loadApiConfig({}).LOG_FORMAT).toBe('pretty');
    const production = {
      DATABASE_URL: 'postgres://touchline@127.0.0.1:5432/touchline',
      APP_SECRET: 'x'.repeat(32),
      SMTP_URL: 'smtp://mail.example.ng:587',
      PAYMENT_PROVIDER: 'paystack',
      PAYSTACK_SECRET_KEY: 'sk_live_x',
      SMS_PROVIDER: 'devbox',
      ALLOW_DEVBOX_SMS: 'true',
    };
    expect(loadApiConfig(production).LOG_FORMAT).toBe('json');
    expect(loadApiConfig({ ...production, LOG_FORMAT: 'pretty' }).LOG_FORMAT).toBe('pretty');
    expect(() => loadApiConfig({ LOG_FORMAT: 'xml' })).toThrow(/LOG_FORMAT/);
  });

  it('pretty: one coloured line per request, with method, path, status and time', async () => {
    const out = capture();
    const logger = createLogger({
      level: 'info',
      format: 'pretty',
      destination: out.stream,
      colorize: true,
    });
    t = await createTestApp({ log: { loggerInstance: logger, requestLog: 'one-line' } });
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    await expect.poll(() => out.lines().filter((l) => l.includes('/api/health'))).toHaveLength(1);
    const [line] = out.lines().filter((l) => l.includes('/api/health'));
    // eslint-disable-next-line no-control-regex
    const plain = line!.replace(/\u001b\[[0-9;]*m/g, '');
    expect(plain).toMatch(/^\[\d{2}:\d{2}:\d{2}(\.\d{3})?\] INFO: GET \/api\/health 200 \d+ ms$/);
    expect(line).toContain('\u001b['); // coloured
    expect(out.lines().some((l) => l.includes('incoming request'))).toBe(false);

    // A token in the address never reaches the log (issue 25).
    await t.app.inject({ method: 'GET', url: '/api/health?token=secret-token-value' });
    await expect.poll(() => out.lines().filter((l) => l.includes('/api/health?'))).toHaveLength(1);
    expect(out.lines().join('\n')).not.toContain('secret-token-value');
  });

  it('json: JSON lines, with Fastify’s request entries', async () => {
    const out = capture();
    const logger = createLogger({ level: 'info', format: 'json', destination: out.stream });
    t = await createTestApp({ log: { loggerInstance: logger, requestLog: 'fastify' } });
    await t.app.inject({ method: 'GET', url: '/api/health?token=secret-token-value' });
    await expect
      .poll(() => out.lines().map((l) => (JSON.parse(l) as { msg: string }).msg))
      .toEqual(expect.arrayContaining(['incoming request', 'request completed']));
    const incoming = out
      .lines()
      .map((l) => JSON.parse(l) as { msg: string; req?: { url: string } })
      .find((entry) => entry.msg === 'incoming request');
    expect(incoming!.req!.url).toMatch(/^\/api\/health\?token=/);
    expect(out.lines().join('\n')).not.toContain('secret-token-value');
  });

  it('json, one entry per request: the request, status and time when answered', async () => {
    const out = capture();
    const logger = createLogger({ level: 'info', format: 'json', destination: out.stream });
    t = await createTestApp({ log: { loggerInstance: logger, requestLog: 'one-entry' } });
    await t.app.inject({ method: 'GET', url: '/api/health?token=secret-token-value' });
    type Entry = { msg: string; req?: { url: string }; res?: { statusCode: number } };
    await expect.poll(() => out.lines().filter((l) => l.includes('/api/health'))).toHaveLength(1);
    const entries = out.lines().map((l) => JSON.parse(l) as Entry);
    expect(entries.some((entry) => entry.msg === 'incoming request')).toBe(false);
    const done = entries.find((entry) => entry.msg === 'request completed');
    expect(done!.req!.url).toMatch(/^\/api\/health\?token=/);
    expect(done!.res!.statusCode).toBe(200);
    // The status, not the answer's headers (the security headers in every line, decision 69).
    expect(done!.res).toEqual({ statusCode: 200 });
    expect(out.lines().join('\n')).not.toContain('secret-token-value');
  });
});

describe('production log lines are buffered, never held back', () => {
  it('a lone line reaches the file without 4 KiB behind it, and at once when flushed', async () => {
    const { mkdtemp, readFile, rm } = await import('node:fs/promises');
    const { tmpdir } = await import('node:os');
    const path = await import('node:path');
    const dir = await mkdtemp(path.join(tmpdir(), 'touchline-log-'));
    const file = path.join(dir, 'api.log');
    try {
      const destination = bufferedJsonDestination(file);
      const logger = createLogger({
        level: 'info',
        format: 'json',
        destination: destination as unknown as NodeJS.WritableStream,
      });
      logger.info({ order: 'A-1' }, 'registration paid');
      // Written by the periodic flush, not by a full buffer (a busy machine may take a while).
      await vi.waitFor(
        async () => expect(await readFile(file, 'utf8')).toContain('"msg":"registration paid"'),
        { timeout: 30_000, interval: 50 },
      );
      logger.info('second line');
      destination.flushSync();
      expect(await readFile(file, 'utf8')).toContain('"msg":"second line"');
      destination.end();
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('an idle log makes no write; a line is written by the next flush', async () => {
    const fs = (await import('node:fs')).default;
    const { mkdtemp, rm } = await import('node:fs/promises');
    const { tmpdir } = await import('node:os');
    const path = await import('node:path');
    const dir = await mkdtemp(path.join(tmpdir(), 'touchline-log-'));
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const writes = vi.spyOn(fs, 'write');
    try {
      const destination = bufferedJsonDestination(path.join(dir, 'api.log'));
      await new Promise<void>((resolve) => destination.once('ready', () => resolve()));
      const logger = createLogger({
        level: 'info',
        format: 'json',
        destination: destination as unknown as NodeJS.WritableStream,
      });
      vi.advanceTimersByTime(2_000);
      expect(writes).not.toHaveBeenCalled();
      logger.info('one line');
      vi.advanceTimersByTime(250);
      expect(writes).toHaveBeenCalledTimes(1);
      expect(String(writes.mock.calls[0]![1])).toContain('"msg":"one line"');
      destination.flushSync();
      destination.end();
    } finally {
      writes.mockRestore();
      vi.useRealTimers();
      await rm(dir, { recursive: true, force: true });
    }
  });
});
