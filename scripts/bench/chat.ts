/**
 * Chat send → receive: the socket users in pairs with a conversation, every socket open (held by
 * the sockets child). With Postgres and Redis, two API instances share them: this process's app
 * and a child instance (`instance.ts`); each pair has one member on each, a sender posts to its
 * own instance and the receiver hears it through the other (the Redis bus). On the embedded run
 * there is one instance. Samples: from the POST to the receiver's `chat_message`; one send at a
 * time, then CHAT_SENDERS at once.
 */
import path from 'node:path';
import type { TestDatabase } from '@touchline/db/testing';
import { openThread } from '@touchline/db/chat';
import type { BenchApp } from './app';
import {
  backend,
  child,
  log,
  nextMessage,
  quantile,
  redisUrl,
  root,
  rows,
  sized,
  wallMs,
} from './lib';
import { closeGroup, connect, startSockets } from './realtime';
import { TABLE, uid } from './seed';
import type { Tokens } from './http';

export async function benchChat(input: {
  bench: BenchApp;
  database: TestDatabase;
  tokens: Tokens;
  socketUsers: number[];
  keyPrefix: string;
}) {
  const { bench, database, tokens, socketUsers } = input;
  const sends = sized(500, 20);
  const senders = sized(20, 4);
  const twoInstances = backend === 'postgres' && !!redisUrl && !!database.url;
  const urlA = await bench.listen();
  let urlB = urlA;
  const instance = twoInstances
    ? child([path.join(root, 'scripts/bench/instance.ts')], {
        ipc: true,
        env: {
          BENCH_DB_URL: database.url,
          BENCH_PREFIX: input.keyPrefix,
        },
      })
    : undefined;
  const proc = await startSockets();
  try {
    if (instance) {
      const m = await nextMessage<{ type: string; url: string }>(
        instance,
        (x) => x.type === 'listening',
      );
      urlB = m.url;
    }
    type Member = { n: number; id: string; token: string; http: string; ws: string };
    const pairs: { a: Member; b: Member; thread: string }[] = [];
    const member = (n: number, url: string): Member => ({
      n,
      id: uid(TABLE.users, n),
      token: tokens.get(n)!,
      http: url,
      ws: url.replace(/^http/, 'ws'),
    });
    for (let i = 0; i + 1 < socketUsers.length; i += 2) {
      const a = member(socketUsers[i]!, urlA);
      const b = member(socketUsers[i + 1]!, urlB);
      const thread = await database.db.transaction((tx) => openThread(tx, a.id, b.id));
      pairs.push({ a, b, thread: thread.name });
    }
    log(
      `\nchat: ${pairs.length * 2} sockets in ${pairs.length} pairs, ` +
        (instance ? 'two API instances (Postgres + Redis bus)' : 'one API instance (embedded run)'),
    );
    await connect(
      proc,
      'chat',
      pairs.flatMap(({ a, b }) =>
        [a, b].map((m) => ({
          url: `${m.ws}/ws/notifications/${m.id}/`,
          protocols: ['bearer', m.token],
          userId: m.id,
        })),
      ),
      'ready',
    );

    const waiting = new Map<string, (at: number) => void>();
    proc.on('message', (m: { type?: string; clientId?: string; at?: number }) => {
      if (m.type === 'chat') waiting.get(m.clientId!)?.(m.at!);
    });
    let sent = 0;
    const sendOne = async () => {
      const k = sent++;
      const { a, b, thread } = pairs[k % pairs.length]!;
      const from = Math.floor(k / pairs.length) % 2 === 0 ? a : b;
      const clientId = `bench-${k}`;
      const received = new Promise<number>((resolve) => waiting.set(clientId, resolve));
      const t0 = wallMs();
      const res = await fetch(`${from.http}/api/chat/${thread}/messages`, {
        method: 'POST',
        headers: { authorization: `Bearer ${from.token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ text: `Bench message ${k}`, client_id: clientId }),
      });
      if (res.status !== 201)
        throw new Error(`chat send answered ${res.status}: ${await res.text()}`);
      const at = await received;
      waiting.delete(clientId);
      return at - t0;
    };
    for (let i = 0; i < Math.min(10, sends); i += 1) await sendOne(); // warm-up
    const serial: number[] = [];
    for (let i = 0; i < sends; i += 1) serial.push(await sendOne());
    const parallel: number[] = [];
    let left = sends;
    await Promise.all(
      Array.from({ length: senders }, async () => {
        while (left > 0) {
          left -= 1;
          parallel.push(await sendOne());
        }
      }),
    );
    const where = instance ? 'two instances' : 'one instance (embedded)';
    for (const [label, samples] of [
      ['one send at a time', serial],
      [`${senders} senders at once`, parallel],
    ] as const) {
      const p99 = quantile(samples, 0.99);
      log(`  ${label}: p50 ${quantile(samples, 0.5).toFixed(1)} ms, p99 ${p99.toFixed(1)} ms`);
      rows.push({
        name: `Chat send → receive p99, ${pairs.length * 2} sockets, ${label}`,
        value: p99,
        unit: 'ms',
        target: 'recorded',
        meets: null,
        note: `${where}; p50 ${quantile(samples, 0.5).toFixed(1)} ms`,
      });
    }
  } finally {
    await closeGroup(proc, 'chat').catch(() => undefined);
    proc.kill();
    if (instance && instance.exitCode === null && instance.connected) {
      const exited = new Promise((resolve) => instance.once('exit', resolve));
      instance.send({ cmd: 'close' });
      await exited;
    }
  }
}
