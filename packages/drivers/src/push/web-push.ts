import { createECDH, createHmac } from 'node:crypto';
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import webpush from 'web-push';

/** A device's subscription as stored (the browser's `PushSubscription`). */
export type PushTarget = { endpoint: string; p256dh: string; auth: string };

export type VapidKeys = { publicKey: string; privateKey: string; subject: string };

/** The push service answered 404/410: the subscription no longer exists and must be removed. */
export type PushOutcome = 'sent' | 'gone';

/** An endpoint outside PUSH_ENDPOINT_HOSTS: never contacted (retrying cannot help). */
export class PushEndpointRefusedError extends Error {
  override name = 'PushEndpointRefusedError';
}

/** The push service failed or could not be reached: the job retries with backoff. */
export class PushServiceError extends Error {
  override name = 'PushServiceError';
}

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

/**
 * The request-forgery guard (docs/security.md "Push endpoints"): an endpoint is contacted only
 * when it is https on a host listed in `hosts` (`*.example.com` matches subdomains), or, when
 * `allowLoopbackHttp` (outside production), http on a listed loopback `host:port`. Anything
 * else, including user-info, other ports and other schemes, is refused.
 */
export function isAllowedPushEndpoint(
  endpoint: string,
  hosts: readonly string[],
  allowLoopbackHttp: boolean,
): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  // In production no loopback address is ever contacted, whatever the list says.
  if (!allowLoopbackHttp && LOOPBACK.has(url.hostname)) return false;
  const listed = (host: string) =>
    hosts.some((entry) =>
      entry.startsWith('*.')
        ? host.endsWith(entry.slice(1)) && host.length > entry.length - 1
        : host === entry,
    );
  if (url.protocol === 'https:') return url.port === '' && listed(url.hostname);
  if (url.protocol === 'http:')
    return allowLoopbackHttp && LOOPBACK.has(url.hostname) && listed(url.host);
  return false;
}

/**
 * The VAPID keys: from the environment when set (scaled: every process signs with the same key),
 * else kept in `<dataDir>/vapid.json`, generated on the first embedded start.
 */
export async function loadVapidKeys(
  config: { VAPID_PUBLIC_KEY?: string; VAPID_PRIVATE_KEY?: string; VAPID_SUBJECT: string },
  dataDir: string,
): Promise<VapidKeys> {
  if (config.VAPID_PUBLIC_KEY && config.VAPID_PRIVATE_KEY) {
    return {
      publicKey: config.VAPID_PUBLIC_KEY,
      privateKey: config.VAPID_PRIVATE_KEY,
      subject: config.VAPID_SUBJECT,
    };
  }
  const file = path.join(dataDir, 'vapid.json');
  try {
    const stored = JSON.parse(await readFile(file, 'utf8')) as Partial<VapidKeys>;
    if (stored.publicKey && stored.privateKey) {
      return {
        publicKey: stored.publicKey,
        privateKey: stored.privateKey,
        subject: config.VAPID_SUBJECT,
      };
    }
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  const keys = webpush.generateVAPIDKeys();
  await mkdir(dataDir, { recursive: true });
  // `wx`: two processes starting together keep the first one's keys.
  try {
    await writeFile(file, JSON.stringify(keys), { flag: 'wx', mode: 0o600 });
    await chmod(file, 0o600);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    return loadVapidKeys(config, dataDir);
  }
  return { ...keys, subject: config.VAPID_SUBJECT };
}

/** The order of P-256 (a private key is a scalar in [1, n − 1]). */
const P256_ORDER = BigInt('0xffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551');

/**
 * One VAPID pair derived from a secret every process of a deployment shares (the key derived
 * from APP_SECRET), for a scaled deployment that sets no VAPID keys: each API instance and worker
 * then signs with the same key, so a subscription made through one is pushed to by any.
 */
export function deriveVapidKeys(secret: string, subject: string): VapidKeys {
  for (let counter = 0; ; counter += 1) {
    const scalar = createHmac('sha256', secret).update(`touchline:vapid:${counter}`).digest();
    const value = BigInt(`0x${scalar.toString('hex')}`);
    if (value === 0n || value >= P256_ORDER) continue; // probability ≈ 2^-32 per try
    const ecdh = createECDH('prime256v1');
    ecdh.setPrivateKey(scalar);
    return {
      publicKey: ecdh.getPublicKey().toString('base64url'),
      privateKey: scalar.toString('base64url'),
      subject,
    };
  }
}

export type WebPushOptions = {
  vapid: VapidKeys;
  endpointHosts: readonly string[];
  allowLoopbackHttp: boolean;
  /** Give up on a push service after this long (the job retries). */
  timeoutMs?: number;
};

/**
 * Web Push (RFC 8030/8291/8292) with the `web-push` library for VAPID and aes128gcm encryption;
 * the request itself goes through fetch without redirects, so only the checked address is
 * contacted.
 */
export function createWebPush(options: WebPushOptions) {
  const timeoutMs = options.timeoutMs ?? 10_000;
  const allowed = (endpoint: string) =>
    isAllowedPushEndpoint(endpoint, options.endpointHosts, options.allowLoopbackHttp);
  return {
    kind: 'web-push' as const,
    publicKey: options.vapid.publicKey,
    isAllowedEndpoint: allowed,

    /**
     * Sends one encrypted payload. `topic` (≤ 32 base64url characters) makes the push service
     * replace an undelivered push of the same topic; `ttlSeconds` bounds how long it waits.
     */
    async send(
      target: PushTarget,
      payload: string,
      opts: { topic?: string; ttlSeconds?: number; urgency?: 'normal' | 'high' } = {},
    ): Promise<PushOutcome> {
      if (!allowed(target.endpoint)) {
        throw new PushEndpointRefusedError('push endpoint is not on PUSH_ENDPOINT_HOSTS');
      }
      const details = webpush.generateRequestDetails(
        { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
        payload,
        {
          vapidDetails: options.vapid,
          TTL: opts.ttlSeconds ?? 24 * 3600,
          contentEncoding: 'aes128gcm',
          ...(opts.topic ? { topic: opts.topic } : {}),
          ...(opts.urgency ? { urgency: opts.urgency } : {}),
        },
      );
      let res: Response;
      try {
        res = await fetch(details.endpoint, {
          method: details.method,
          headers: details.headers as Record<string, string>,
          body: details.body ?? null,
          redirect: 'manual',
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch (err) {
        throw new PushServiceError(`push service unreachable: ${(err as Error).message}`);
      }
      await res.arrayBuffer().catch(() => undefined);
      if (res.status === 404 || res.status === 410) return 'gone';
      if (res.status >= 200 && res.status < 300) return 'sent';
      throw new PushServiceError(`push service answered ${res.status}`);
    },
  };
}

export type WebPushSender = ReturnType<typeof createWebPush>;
