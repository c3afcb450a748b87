import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_PUSH_ENDPOINT_HOSTS } from '../config';
import webpush from 'web-push';
import { deriveVapidKeys, isAllowedPushEndpoint, loadVapidKeys } from './web-push';

describe('push endpoint guard', () => {
  const hosts = [...DEFAULT_PUSH_ENDPOINT_HOSTS, '127.0.0.1:9999'];
  it.each([
    ['https://fcm.googleapis.com/fcm/send/abc', true, true],
    ['https://updates.push.services.mozilla.com/wpush/v2/abc', true, true],
    ['https://web.push.apple.com/QAbc', true, true],
    ['https://db5p.notify.windows.com/w/?token=abc', true, true],
    ['https://notify.windows.com/w/', false, true],
    ['https://evil.fcm.googleapis.com.attacker.example/', false, true],
    ['http://fcm.googleapis.com/fcm/send/abc', false, true],
    ['https://fcm.googleapis.com:444/fcm/send/abc', false, true],
    ['https://a:b@fcm.googleapis.com/fcm/send/abc', false, true],
    ['http://127.0.0.1:9999/push/1', true, true],
    ['http://127.0.0.1:9999/push/1', false, false],
    ['https://127.0.0.1:9999/push/1', false, false],
    ['http://127.0.0.1:9998/push/1', false, true],
    ['http://10.0.0.1:9999/push/1', false, true],
    ['ftp://fcm.googleapis.com/x', false, true],
    ['not a url', false, true],
  ])('%s → %s (loopback allowed: %s)', (endpoint, allowed, loopback) => {
    expect(isAllowedPushEndpoint(endpoint, hosts, loopback)).toBe(allowed);
  });
});

describe('VAPID keys', () => {
  it('are generated once into the data directory (owner-only) and kept across starts; the environment wins', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'vapid-'));
    try {
      const subject = 'mailto:ops@example.test';
      const first = await loadVapidKeys({ VAPID_SUBJECT: subject }, dir);
      const again = await loadVapidKeys({ VAPID_SUBJECT: subject }, dir);
      expect(again).toEqual(first);
      expect(first.publicKey).toMatch(/^[A-Za-z0-9_-]{87}$/);
      expect((await stat(path.join(dir, 'vapid.json'))).mode & 0o777).toBe(0o600);
      expect(JSON.parse(await readFile(path.join(dir, 'vapid.json'), 'utf8')).publicKey).toBe(
        first.publicKey,
      );
      const fromEnv = await loadVapidKeys(
        {
          VAPID_PUBLIC_KEY: 'p'.repeat(87),
          VAPID_PRIVATE_KEY: 'q'.repeat(43),
          VAPID_SUBJECT: subject,
        },
        dir,
      );
      expect(fromEnv.publicKey).toBe('p'.repeat(87));
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('VAPID keys derived from the shared secret (scaled, no keys set)', () => {
  it('are one valid pair for every process with the same secret, and differ for another secret', () => {
    const subject = 'mailto:ops@example.test';
    const a = deriveVapidKeys('s'.repeat(64), subject);
    expect(deriveVapidKeys('s'.repeat(64), subject)).toEqual(a);
    expect(deriveVapidKeys('t'.repeat(64), subject).publicKey).not.toBe(a.publicKey);
    expect(a.publicKey).toMatch(/^[A-Za-z0-9_-]{87}$/);
    expect(a.privateKey).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // The library signs with it: the VAPID headers name the derived public key.
    const headers = webpush.getVapidHeaders(
      'https://fcm.googleapis.com',
      subject,
      a.publicKey,
      a.privateKey,
      'aes128gcm',
    );
    expect(String(headers.Authorization)).toContain(`k=${a.publicKey}`);
  });
});
