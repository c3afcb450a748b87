import {
  createECDH,
  createPublicKey,
  createDecipheriv,
  hkdfSync,
  randomBytes,
  verify,
  type ECDH,
} from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One push as the fake received it, decrypted with the device's keys. */
export type FakePush = {
  deviceId: string;
  /** The decrypted payload (RFC 8291 aes128gcm), or null when it did not decrypt. */
  payload: string | null;
  topic: string | undefined;
  urgency: string | undefined;
  ttl: string | undefined;
  /** The VAPID JWT verified against the `k=` key, for this service's origin (RFC 8292). */
  vapidValid: boolean;
  vapidKey: string | undefined;
  at: Date;
};

type Device = { ecdh: ECDH; auth: Buffer; answer: number };

const b64u = (b: Buffer) => b.toString('base64url');

/**
 * Decrypts an RFC 8291 message (`Content-Encoding: aes128gcm`, one record) with the receiving
 * device's private key and auth secret: salt(16) | rs(4) | idlen(1) | keyid (the sender's
 * public key) | ciphertext+tag.
 */
export function decryptWebPush(body: Buffer, device: { ecdh: ECDH; auth: Buffer }): string {
  const salt = body.subarray(0, 16);
  const idlen = body.readUInt8(20);
  const senderKey = body.subarray(21, 21 + idlen);
  const record = body.subarray(21 + idlen);
  const shared = device.ecdh.computeSecret(senderKey);
  const keyInfo = Buffer.concat([
    Buffer.from('WebPush: info\0'),
    device.ecdh.getPublicKey(),
    senderKey,
  ]);
  const ikm = Buffer.from(hkdfSync('sha256', shared, device.auth, keyInfo, 32));
  const cek = Buffer.from(
    hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16),
  );
  const nonce = Buffer.from(
    hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12),
  );
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const padded = Buffer.concat([
    decipher.update(record.subarray(0, record.length - 16)),
    decipher.final(),
  ]);
  // The last record ends with the delimiter 0x02, then zero padding.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end -= 1;
  if (padded[end] !== 2) throw new Error('bad padding delimiter');
  return padded.subarray(0, end).toString('utf8');
}

/** Checks `Authorization: vapid t=<jwt>, k=<key>`: ES256 over the key, audience our origin. */
function checkVapid(header: string | undefined, origin: string) {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(header ?? '');
  if (!match) return { valid: false, key: undefined };
  const [, jwt, key] = match as unknown as [string, string, string];
  try {
    const [head, claims, sig] = jwt.split('.') as [string, string, string];
    const raw = Buffer.from(key, 'base64url');
    const publicKey = createPublicKey({
      key: { kty: 'EC', crv: 'P-256', x: b64u(raw.subarray(1, 33)), y: b64u(raw.subarray(33, 65)) },
      format: 'jwk',
    });
    const ok = verify(
      'sha256',
      Buffer.from(`${head}.${claims}`),
      { key: publicKey, dsaEncoding: 'ieee-p1363' },
      Buffer.from(sig, 'base64url'),
    );
    const body = JSON.parse(Buffer.from(claims, 'base64url').toString()) as {
      aud?: string;
      exp?: number;
    };
    return { valid: ok && body.aud === origin && (body.exp ?? 0) * 1000 > Date.now(), key };
  } catch {
    return { valid: false, key };
  }
}

export type FakePushService = Awaited<ReturnType<typeof startFakePushService>>;

/**
 * A local push service speaking the Web Push protocol (RFC 8030) on a loopback port (free by default):
 * `POST /push/<device>` with an encrypted body answers 201 and records the push decrypted with
 * that device's keys (`POST /_test/devices` and `GET /_test/devices/<id>/pushes` let a test in
 * another process do the same); a device marked gone answers 410 (404 for an unknown one), one marked
 * failing 503. `newDevice()` makes what a browser's `PushSubscription.toJSON()` gives.
 */
export async function startFakePushService(port = 0) {
  const devices = new Map<string, Device>();
  const received: FakePush[] = [];
  let counter = 0;
  let origin = '';
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      // The control surface for a test in another process (the browser journeys).
      if (req.url === '/_test/devices' && req.method === 'POST') {
        res.writeHead(201, { 'content-type': 'application/json' }).end(JSON.stringify(newDevice()));
        return;
      }
      const asked = /^\/_test\/devices\/([\w-]+)\/pushes$/.exec(req.url ?? '')?.[1];
      if (asked && req.method === 'GET') {
        const list = received.filter((p) => p.deviceId === asked);
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(list));
        return;
      }
      const id = /^\/push\/([\w-]+)$/.exec(req.url ?? '')?.[1];
      const device = id ? devices.get(id) : undefined;
      if (req.method !== 'POST' || !id || !device) {
        res.writeHead(404).end();
        return;
      }
      if (device.answer !== 201) {
        res.writeHead(device.answer).end();
        return;
      }
      const body = Buffer.concat(chunks);
      let payload: string | null = null;
      try {
        if (req.headers['content-encoding'] === 'aes128gcm') payload = decryptWebPush(body, device);
      } catch {
        payload = null;
      }
      const vapid = checkVapid(req.headers.authorization, origin);
      received.push({
        deviceId: id,
        payload,
        topic: req.headers.topic as string | undefined,
        urgency: req.headers.urgency as string | undefined,
        ttl: req.headers.ttl as string | undefined,
        vapidValid: vapid.valid,
        vapidKey: vapid.key,
        at: new Date(),
      });
      res.writeHead(201, { location: `/message/${received.length}` }).end();
    });
  });
  function newDevice() {
    const id = `device-${++counter}-${randomBytes(4).toString('hex')}`;
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    const auth = randomBytes(16);
    devices.set(id, { ecdh, auth, answer: 201 });
    return {
      id,
      subscription: {
        endpoint: `${origin}/push/${id}`,
        keys: { p256dh: b64u(ecdh.getPublicKey()), auth: b64u(auth) },
      },
    };
  }
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    /** What PUSH_ENDPOINT_HOSTS lists for this fake. */
    host: new URL(origin).host,
    received,
    origin,
    /** A new device's subscription (its keys stay here to decrypt what it is sent). */
    newDevice,
    /** The browser unsubscribed or was reset: the service answers 410 Gone from now on. */
    markGone(id: string) {
      devices.get(id)!.answer = 410;
    },
    /** The service is down for this device (503) or back up (201). */
    setFailing(id: string, failing: boolean) {
      devices.get(id)!.answer = failing ? 503 : 201;
    },
    pushesTo(id: string) {
      return received.filter((p) => p.deviceId === id);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
