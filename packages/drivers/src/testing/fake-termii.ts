import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export type FakeTermiiSms = {
  to: string;
  from: string;
  sms: string;
  type: string;
  channel: string;
};

export type FakeTermii = Awaited<ReturnType<typeof startFakeTermii>>;

/**
 * A local stand-in for Termii's send API on a free loopback port: `POST /api/sms/send` with
 * `{api_key, to, from, sms, type, channel}` answers Termii's `{message_id, message: 'Successfully
 * Sent', balance, user}`; a wrong key answers 401, a malformed request 400, and `down` makes it
 * answer 503 (an outage) until lifted.
 */
export async function startFakeTermii(apiKey: string) {
  const sent: FakeTermiiSms[] = [];
  const state = { down: false };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const json = (status: number, body: object) =>
        res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
      if (req.method !== 'POST' || req.url !== '/api/sms/send')
        return json(404, { message: 'Not found' });
      if (state.down) return json(503, { message: 'Service unavailable' });
      let body: Record<string, unknown>;
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>;
      } catch {
        return json(400, { message: 'Invalid JSON' });
      }
      if (body.api_key !== apiKey) return json(401, { message: 'Invalid API key' });
      const { to, from, sms, type, channel } = body;
      if (
        typeof to !== 'string' ||
        !/^\d{10,15}$/.test(to) ||
        typeof from !== 'string' ||
        typeof sms !== 'string' ||
        type !== 'plain' ||
        typeof channel !== 'string'
      ) {
        return json(400, { message: 'to, from, sms, type and channel are required' });
      }
      sent.push({ to, from, sms, type, channel });
      return json(200, {
        message_id: randomUUID(),
        message: 'Successfully Sent',
        balance: 1000 - sent.length,
        user: 'Touchline Test',
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    sent,
    state,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
