/**
 * Backups that restore (issue 25, item 14; docs/operations.md "Backups"): a logical dump taken as
 * the runbook says (`pg_dump -Fc`) while a player keeps posting through the API, restored with
 * `pg_restore --no-owner` into a new, empty database on the same server. An API instance started
 * on the copy serves the same sessions, every post acknowledged before the dump began, and the
 * pictures: their `/media` links answer the stored image from the bucket. The migrations on the
 * copy are up to date, so a release that made the backup starts on it without a step of its own.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '@touchline/db';
import { count, createMember, ok, openDatabase, type Member } from './testing/client';
import { startCluster, type Cluster } from './testing/cluster';
import { freePort, runToEnd } from './testing/processes';
import { createFreshDatabase, type FreshDatabase, type RedisServer } from './testing/services';
import { startApi, type Api, type StackEnv } from './testing/stack';

const PORTS = [45300, 45399] as const;
const CLIENT = '198.51.100.40';

type Post = { id: string; content: string; image: string | null };

/** Creates a post through `api` (multipart, as the app sends it), with a picture when given. */
async function createPost(api: Api, who: Member, content: string, png?: Buffer): Promise<Post> {
  const form = new FormData();
  form.append('content', content);
  if (png) form.append('image', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'p.png');
  const res = await fetch(`${api.url}/api/post`, {
    method: 'POST',
    headers: { authorization: `Bearer ${who.token}`, 'x-forwarded-for': CLIENT },
    body: form,
  });
  if (res.status !== 201) throw new Error(`POST /api/post: ${res.status} ${await res.text()}`);
  return (await res.json()) as Post;
}

/** Every post of `who`, read through `api` page by page (newest first). */
async function allPosts(api: Api, who: Member): Promise<Post[]> {
  const posts: Post[] = [];
  let before: string | null = null;
  for (;;) {
    const query: string = before ? `?before=${encodeURIComponent(before)}` : '';
    const page = (await ok(api.url, who, 'GET', `/api/user_posts${query}`, {
      clientIp: CLIENT,
    })) as { posts: Post[]; next?: string | null };
    posts.push(...page.posts);
    if (!page.next || page.posts.length === 0) return posts;
    before = page.next;
  }
}

describe('a pg_dump taken under writes restores into a database an instance serves', () => {
  let cluster: Cluster | undefined;
  let source: FreshDatabase | undefined;
  let restored: FreshDatabase | undefined;
  let redis: RedisServer | undefined;
  let db: DatabaseHandle | undefined;
  let restoredDb: DatabaseHandle | undefined;
  let api: Api;
  let stack: StackEnv;
  let dumpDir: string | undefined;

  beforeAll(async () => {
    cluster = await startCluster({
      ports: PORTS,
      apis: 1,
      worker: true,
      extra: { TRUST_PROXY: 'loopback', RATE_LIMIT_PER_MINUTE: '100000' },
    });
    ({ db, redis, stack, database: source } = cluster);
    api = cluster.apis[0]!;
    dumpDir = await mkdtemp(path.join(tmpdir(), 'touchline-backup-'));
  });

  afterEach((context) => {
    if (context.task.result?.state === 'fail') cluster?.reportFailure();
  });

  afterAll(async () => {
    await restoredDb?.close();
    await cluster?.close();
    await restored?.drop();
    if (dumpDir) await rm(dumpDir, { recursive: true, force: true });
  });

  it('keeps sessions, every acknowledged post and the pictures’ media links', async () => {
    const player = await createMember(db!, 'player', 'backup_player');
    const png = await sharp({
      create: { width: 48, height: 48, channels: 3, background: '#0a7f3f' },
    })
      .png()
      .toBuffer();
    const pictured = await createPost(api, player, 'Training pitch, Saturday', png);
    expect(pictured.image).toBeTruthy();
    const beforeDump: Post[] = [pictured];
    for (let i = 0; i < 5; i++) beforeDump.push(await createPost(api, player, `Before ${i}`));

    // Players keep posting while the dump runs; what was acknowledged before it began must be in
    // it, and the dump is one consistent snapshot (no half-written post). Each writer posts at
    // most its budget (10 a minute), so the writers stop by themselves on a slow machine.
    const writers = await Promise.all(
      Array.from({ length: 6 }, (_, i) => createMember(db!, 'player', `backup_writer${i}`)),
    );
    let writing = true;
    let written = 0;
    const writer = (async () => {
      for (let round = 0; round < 10 && writing; round++)
        for (const who of writers) {
          if (!writing) break;
          await createPost(api, who, `During ${written}`);
          written += 1;
        }
    })();
    const dumpFile = path.join(dumpDir!, 'touchline.dump');
    try {
      await runToEnd('pg_dump', 'pg_dump', ['-Fc', '-f', dumpFile, source!.url], process.env);
    } finally {
      writing = false;
      await writer;
    }
    expect(written).toBeGreaterThan(0);

    // Restore into a new, empty database, as the runbook says.
    restored = await createFreshDatabase(process.env.TEST_DATABASE_URL!, { migrate: false });
    await runToEnd(
      'pg_restore',
      'pg_restore',
      ['--no-owner', '--exit-on-error', '-d', restored.url, dumpFile],
      process.env,
    );
    restoredDb = await openDatabase(restored.url);
    const migrate = await runToEnd(
      'db:migrate',
      process.execPath,
      ['--import', 'tsx', 'packages/db/src/migrate-cli.ts'],
      { ...process.env, DATABASE_URL: restored.url },
    );
    expect(migrate).toMatch(/up to date/);

    // The copy holds a consistent snapshot: each restored post is whole, and none is missing that
    // was acknowledged before the dump began.
    const restoredPosts = await count(
      restoredDb,
      'select count(*) as n from posts where author_id = $1',
      [player.id],
    );
    expect(restoredPosts).toBe(beforeDump.length);
    const restoredAll = await count(restoredDb, 'select count(*) as n from posts');
    expect(restoredAll).toBeGreaterThanOrEqual(beforeDump.length);
    expect(restoredAll).toBeLessThanOrEqual(beforeDump.length + written);

    // An instance on the copy (its own Redis database, the same bucket) serves it all.
    const copy = await startApi('api-restored', await freePort(...PORTS), {
      ...stack,
      databaseUrl: restored.url,
      redisUrl: `${redis!.url}/1`,
    });
    cluster!.adopt(copy);
    const me = (await ok(copy.url, player, 'GET', '/api/me', { clientIp: CLIENT })) as {
      user_id: string;
    };
    expect(me.user_id).toBe(player.id);
    const served = await allPosts(copy, player);
    expect(served.length).toBe(restoredPosts);
    const servedIds = new Set(served.map((p) => p.id));
    for (const post of beforeDump) expect(servedIds.has(post.id), post.content).toBe(true);
    const picture = served.find((p) => p.id === pictured.id)!;
    expect(picture.image).toBe(pictured.image);
    const link = new URL(picture.image!, copy.url);
    const media = await fetch(`${copy.url}${link.pathname}${link.search}`, {
      headers: { 'x-forwarded-for': CLIENT },
    });
    expect(media.status).toBe(200);
    const image = await sharp(Buffer.from(await media.arrayBuffer())).metadata();
    expect(image.width).toBeGreaterThan(0);
  });
});
