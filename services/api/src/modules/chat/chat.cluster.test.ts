/**
 * Two (and, for a while, three) API instances on one Postgres and one Redis, as the scaled mode
 * runs them behind a load balancer: each has its own database pool, bus, presence and hub. Runs on
 * the Postgres+Redis tier only (services/api/vitest.config.ts leaves it out without
 * TEST_DATABASE_URL and TEST_REDIS_URL).
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createDatabase, schema, type DatabaseHandle } from '@touchline/db';
import { createSession } from '@touchline/db/auth';
import { createDevMailboxStore } from '@touchline/db/emails';
import { createEmbeddedJobStore } from '@touchline/db/jobs';
import { createSandboxChargeStore } from '@touchline/db/payments';
import { createDevSmsStore } from '@touchline/db/reach';
import { insertFriendship } from '@touchline/db/social';
import { insertUser, type UserRow } from '@touchline/db/users';
import { createTestDatabase, type TestDatabase } from '@touchline/db/testing';
import { createDrivers, deriveSecrets, type Drivers } from '@touchline/drivers';
import { deleteRedisKeys, uniqueRedisPrefix } from '@touchline/drivers/testing';
import { LIMITS, type ServerEvent } from '@touchline/shared';
import { buildApp, type App } from '../../app';
import { apiConfigSchema } from '../../config';
import { silentLogger } from '../../testing/test-app';
import {
  openTestSocket,
  socketBase,
  type TestSocket,
} from '../../plugins/realtime/realtime.test-support';

const redisUrl = process.env.TEST_REDIS_URL;
const secrets = deriveSecrets('test-secret-0123456789-0123456789-abcdef');
/** Short presence leases, so a killed instance's users go offline within seconds. */
const PRESENCE = { ttlMs: 5000, heartbeatMs: 250 };

type Instance = {
  app: App;
  drivers: Drivers;
  database: DatabaseHandle;
  base: string;
  close: () => Promise<void>;
};

type Member = UserRow & { token: string };

const ofType = <T extends ServerEvent['type']>(events: ServerEvent[], type: T) =>
  events.filter((e): e is Extract<ServerEvent, { type: T }> => e.type === type);

describe('chat across two API instances (Postgres + Redis)', () => {
  let testDb: TestDatabase;
  let dataDir: string;
  const keyPrefix = uniqueRedisPrefix('chat-cluster');
  const instances: Instance[] = [];
  let one: Instance;
  let two: Instance;
  let ada: Member;
  let ben: Member;
  let thread: string;
  const sockets: TestSocket[] = [];

  /** One API instance: its own pool on the shared database, its own drivers on the shared Redis. */
  async function startInstance(database?: DatabaseHandle): Promise<Instance> {
    const config = apiConfigSchema.parse({
      APP_ENV: 'development',
      DATA_DIR: dataDir,
      WEB_DIST_DIR: path.join(dataDir, 'web'),
      LOG_LEVEL: 'silent',
      REDIS_URL: redisUrl,
      DATABASE_URL: testDb.url,
    });
    const db = database ?? (await createDatabase({ url: testDb.url, poolMax: 4 }));
    const drivers = await createDrivers(config, {
      dataDir,
      signingSecret: secrets.mediaSigningSecret,
      devMailboxStore: createDevMailboxStore(db.db),
      jobStore: createEmbeddedJobStore(db),
      sandboxChargeStore: createSandboxChargeStore(db.db),
      devSmsStore: createDevSmsStore(db.db),
      allowLoopbackPush: true,
      logger: silentLogger,
      keyPrefix,
      presence: PRESENCE,
    });
    const app = await buildApp(
      { config, database: db, drivers, secrets },
      { logger: false, rateLimitNamespace: `${keyPrefix}-rl:` },
    );
    await app.listen({ host: '127.0.0.1', port: 0 });
    let closed = false;
    const instance: Instance = {
      app,
      drivers,
      database: db,
      base: socketBase(app),
      close: async () => {
        if (closed) return;
        closed = true;
        await app.close();
        await drivers.close();
        if (db !== testDb) await db.close();
      },
    };
    instances.push(instance);
    return instance;
  }

  async function member(username: string): Promise<Member> {
    const user = await insertUser(testDb.db, {
      email: `${username.toLowerCase()}-${Date.now()}@example.test`,
      username,
      role: 'player',
      dob: '1995-06-15',
      emailVerifiedAt: new Date(),
      isActive: true,
    });
    const session = await createSession(testDb.db, {
      userId: user.id,
      expiresAt: new Date(Date.now() + LIMITS.refreshTokenTtlSeconds * 1000),
    });
    // Both instances derive the same keys from the one APP_SECRET: a token works on either.
    const token = one.app.signAccessToken({ sub: user.id, role: user.role, sid: session.id });
    return { ...user, token };
  }

  async function call(
    instance: Instance,
    who: Member,
    method: 'GET' | 'POST' | 'PATCH',
    url: string,
    payload?: object,
  ) {
    const res = await instance.app.inject({
      method,
      url,
      headers: { authorization: `Bearer ${who.token}` },
      ...(payload ? { payload } : {}),
    });
    if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
    return res.json();
  }

  async function tab(instance: Instance, who: Member) {
    const socket = await openTestSocket(instance.base, { userId: who.id, token: who.token });
    sockets.push(socket);
    return socket;
  }

  const presenceOf = (events: ServerEvent[], userId: string) =>
    ofType(events, 'presence').filter((e) => e.data.user_id === userId);

  /** Waits until every open tab of Ada's last heard Ben's presence as `online`. */
  async function adaTabsHear(userId: string, online: boolean) {
    for (const socket of sockets.filter((x) => x.socket.readyState === x.socket.OPEN)) {
      if (socket.events.some((e) => e.type === 'presence' && e.data.user_id === userId))
        await socket.until((e) => presenceOf(e, userId).at(-1)?.data.online === online);
    }
  }

  async function partnerSeenBy(instance: Instance, viewer: Member) {
    const body = (await call(instance, viewer, 'GET', '/api/chat_list')) as {
      threads: { thread_name: string; partner: { online: boolean; last_seen: string | null } }[];
    };
    return body.threads.find((item) => item.thread_name === thread)?.partner;
  }

  beforeAll(async () => {
    testDb = await createTestDatabase();
    dataDir = await mkdtemp(path.join(tmpdir(), 'touchline-cluster-'));
    await mkdir(path.join(dataDir, 'web'));
    await writeFile(
      path.join(dataDir, 'web', 'index.html'),
      '<!doctype html><title>Touchline</title>',
    );
    one = await startInstance(testDb);
    two = await startInstance();
    ada = await member('Ada');
    ben = await member('Ben');
    await insertFriendship(testDb.db, ada.id, ben.id);
    thread = (
      (await call(one, ada, 'POST', '/api/chat', { receiver_id: ben.id })) as {
        thread_name: string;
      }
    ).thread_name;
  });

  afterAll(async () => {
    for (const socket of sockets) socket.socket.terminate();
    for (const instance of instances.reverse()) await instance.close();
    await testDb?.close();
    await rm(dataDir, { recursive: true, force: true });
    await deleteRedisKeys(redisUrl!, keyPrefix);
  });

  it('sees presence across instances, delivers a message and typing to every tab on the other one', async () => {
    const adaOnOne = await tab(one, ada);
    const [benTab1, benTab2] = [await tab(two, ben), await tab(two, ben)];
    const adaOnTwo = await tab(two, ada);

    // Ben came online on instance two: Ada hears it on instance one, and one's answers say so.
    await adaOnOne.until((e) => presenceOf(e, ben.id).some((p) => p.data.online));
    expect(await one.app.realtime.online([ada.id, ben.id])).toEqual(new Set([ada.id, ben.id]));
    expect(await partnerSeenBy(one, ada)).toMatchObject({ online: true, last_seen: null });

    // A message sent through instance one reaches both of Ben's tabs and Ada's other tab on two.
    const sent = (await call(one, ada, 'POST', `/api/chat/${thread}/messages`, {
      text: 'Training at six?',
      client_id: 'cluster-1',
    })) as { id: string };
    const gotMessage = (e: ServerEvent[]) =>
      ofType(e, 'chat_message').some((m) => m.data.message.id === sent.id);
    for (const socket of [benTab1, benTab2, adaOnTwo, adaOnOne]) await socket.until(gotMessage);
    for (const socket of [benTab1, benTab2]) {
      const [event] = ofType(socket.events, 'chat_message');
      expect(event!.data).toMatchObject({
        message: { text: 'Training at six?', sender_id: ada.id, thread_name: thread },
        unread_count: 1,
        unread_total: 1,
      });
    }
    // Each socket got it once.
    for (const socket of [benTab1, benTab2, adaOnTwo, adaOnOne]) {
      expect(
        ofType(socket.events, 'chat_message').filter((m) => m.data.message.id === sent.id),
      ).toHaveLength(1);
    }

    // Typing on instance one reaches Ben's tabs on instance two, and never Ada's own tabs.
    adaOnOne.send({ type: 'typing', thread_name: thread });
    const typing = { type: 'typing', data: { thread_name: thread, user_id: ada.id } };
    await benTab1.until((e) => e.some((x) => x.type === 'typing'));
    await benTab2.until((e) => e.some((x) => x.type === 'typing'));
    expect(ofType(benTab1.events, 'typing')).toEqual([typing]);
    expect(ofType(benTab2.events, 'typing')).toEqual([typing]);
    expect(ofType(adaOnTwo.events, 'typing')).toEqual([]);
    expect(ofType(adaOnOne.events, 'typing')).toEqual([]);

    // Ben closes one tab: still online. Closing the last one takes him offline everywhere.
    await benTab1.close();
    expect(await one.app.realtime.online([ben.id])).toEqual(new Set([ben.id]));
    await benTab2.close();
    await adaOnOne.until((e) => presenceOf(e, ben.id).some((p) => !p.data.online));
    const offline = presenceOf(adaOnOne.events, ben.id).at(-1)!;
    expect(offline.data.last_seen).not.toBeNull();
    expect(presenceOf(adaOnOne.events, ben.id).map((p) => p.data.online)).toEqual([true, false]);
    await adaOnTwo.until((e) => presenceOf(e, ben.id).some((p) => !p.data.online));
    expect(await two.app.realtime.online([ben.id])).toEqual(new Set());
    const [row] = await testDb.db
      .select({ lastSeenAt: schema.users.lastSeenAt })
      .from(schema.users)
      .where(eq(schema.users.id, ben.id));
    expect(row?.lastSeenAt?.toISOString()).toBe(offline.data.last_seen);
    expect(await partnerSeenBy(one, ada)).toMatchObject({
      online: false,
      last_seen: offline.data.last_seen,
    });
  });

  it('a reconnect to the other instance catches up exactly what was missed, in order, then live', async () => {
    const before = await tab(two, ben);
    const lastSeq = (before.events.find((e) => e.type === 'ready') as { last_seq: number })
      .last_seq;
    await before.close();

    // While Ben is away: three messages through instance one, an edit through instance two.
    const texts = ['One', 'Two', 'Three'];
    const ids: string[] = [];
    for (const [i, text] of texts.entries()) {
      const message = (await call(one, ada, 'POST', `/api/chat/${thread}/messages`, {
        text,
        client_id: `away-${i}`,
      })) as { id: string };
      ids.push(message.id);
    }
    await call(two, ada, 'PATCH', `/api/chat_message/${ids[1]}`, { text: 'Two (edited)' });

    const back = await openTestSocket(one.base, {
      userId: ben.id,
      token: ben.token,
      since: lastSeq,
    });
    sockets.push(back);
    const caughtUp = back.events.filter((e) => e.type !== 'presence' && e.type !== 'typing');
    expect(caughtUp.map((e) => e.type)).toEqual([
      'chat_message',
      'chat_message',
      'chat_message',
      'chat_message_updated',
      'ready',
    ]);
    const seqs = caughtUp.flatMap((e) => ('seq' in e ? [e.seq] : []));
    expect(seqs).toEqual(seqs.map((_, i) => lastSeq + 1 + i));
    // An edit replaces the stored copies (issue 25: catch-up never returns text its author
    // removed): the caught-up message already reads as edited, and the edit follows it.
    const edited = ['One', 'Two (edited)', 'Three'];
    expect(ofType(back.events, 'chat_message').map((e) => e.data.message.text)).toEqual(edited);
    expect(ofType(back.events, 'chat_message_updated')[0]!.data.message).toMatchObject({
      id: ids[1],
      text: 'Two (edited)',
    });

    // Then live, from the other instance.
    const live = (await call(two, ada, 'POST', `/api/chat/${thread}/messages`, {
      text: 'Live',
      client_id: 'away-live',
    })) as { id: string };
    await back.until((e) => ofType(e, 'chat_message').some((m) => m.data.message.id === live.id));
    expect(ofType(back.events, 'chat_message').map((e) => e.data.message.text)).toEqual([
      ...edited,
      'Live',
    ]);
    await back.close();
  });

  it("turns a killed instance's users offline for the other instances", async () => {
    // Ben left in the test before: his offline change may still be on its way to Ada's tabs.
    await adaTabsHear(ben.id, false);
    const adaOnOne = await tab(one, ada);
    const third = await startInstance();
    await tab(third, ben);
    await adaOnOne.until((e) => presenceOf(e, ben.id).at(-1)?.data.online === true);
    expect(await two.app.realtime.online([ben.id])).toEqual(new Set([ben.id]));

    // The third instance stops without telling anyone about its sockets: its lease runs out.
    await third.close();
    await adaOnOne.until((e) => presenceOf(e, ben.id).at(-1)?.data.online === false, 60_000);
    expect(await one.app.realtime.online([ben.id])).toEqual(new Set());
    expect(await partnerSeenBy(two, ada)).toMatchObject({ online: false });
  });
});
