import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app';
import { REDACTED, redactUrl } from './log-redaction';

describe('redactUrl', () => {
  it('keeps the path and harmless parameters, and hides every token and signature', () => {
    expect(redactUrl('/admin/queues/board/auth?token=eyJhbGc.abc')).toBe(
      `/admin/queues/board/auth?token=${REDACTED}`,
    );
    expect(redactUrl('/api/trials?page=2&sport=football')).toBe(
      '/api/trials?page=2&sport=football',
    );
    expect(redactUrl('/x?a=1&X-Amz-Signature=deadbeef&access_token=t&b=2')).toBe(
      `/x?a=1&X-Amz-Signature=${REDACTED}&access_token=${REDACTED}&b=2`,
    );
    expect(redactUrl('/media-private/chat/a.jpg?expires=1&signature=abc')).toBe(
      `/media-private/chat/a.jpg?${REDACTED}`,
    );
    expect(redactUrl('/plain')).toBe('/plain');
  });
});

describe('the request log (issue 25)', () => {
  let t: TestApp;
  const lines: string[] = [];
  beforeAll(async () => {
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
        done();
      },
    });
    t = await createTestApp({ logger: { level: 'info', stream } });
  }, 60_000);
  afterAll(() => t?.close());

  it('logs request URLs without the board link token or a signed media URL’s signature', async () => {
    const token = 'eyJzdWIiOiJ4In0.board-link-secret-signature';
    await t.app.inject({ method: 'GET', url: `/admin/queues/board/auth?token=${token}` });
    await t.app.inject({
      method: 'GET',
      url: '/media-private/chat/child.jpg?expires=9999999999&signature=media-secret-signature',
    });
    await t.app.inject({ method: 'GET', url: '/api/health?probe=1' });
    const log = lines.join('\n');
    expect(log).toContain('/admin/queues/board/auth?token=[redacted]');
    expect(log).toContain('/media-private/chat/child.jpg?[redacted]');
    expect(log).toContain('/api/health?probe=1');
    expect(log).not.toContain('board-link-secret-signature');
    expect(log).not.toContain('media-secret-signature');
  });
});
