import { createSign, generateKeyPairSync } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Our own stand-in for Google's signing keys: a loopback server that publishes the public key
 * in Google's PEM-certificates format, and a signer for ID tokens. The verification code under
 * test is google-auth-library's own.
 */
export async function startFakeGoogle(clientId: string) {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const kid = 'touchline-test-key';
  const server: Server = createServer((_req, res) => {
    res.writeHead(200, {
      'content-type': 'application/json',
      'cache-control': 'public, max-age=60',
    });
    res.end(JSON.stringify({ [kid]: publicKey.export({ type: 'spki', format: 'pem' }) }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  const b64 = (v: object) => Buffer.from(JSON.stringify(v)).toString('base64url');
  function idToken(claims: Record<string, unknown> = {}) {
    const now = Math.floor(Date.now() / 1000);
    const payload = {
      iss: 'https://accounts.google.com',
      aud: clientId,
      sub: '1000001',
      email: 'google.player@example.test',
      email_verified: true,
      name: 'Google Player',
      iat: now,
      exp: now + 3600,
      ...claims,
    };
    const input = `${b64({ alg: 'RS256', kid, typ: 'JWT' })}.${b64(payload)}`;
    const signature = createSign('RSA-SHA256').update(input).sign(privateKey).toString('base64url');
    return `${input}.${signature}`;
  }

  return {
    certsUrl: `http://127.0.0.1:${port}/oauth2/v1/certs`,
    idToken,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
