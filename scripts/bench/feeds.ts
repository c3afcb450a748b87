/**
 * What the bench's feed rows need before they run: the viewers' home timelines and the popular
 * ranking, as fan-out on write and the recurring ranking job keep them (decision 45; the seed
 * inserts posts directly), and a bare `SELECT 1` route on the same database handle (the feed's
 * baseline).
 */
import Fastify from 'fastify';
import { sql } from 'drizzle-orm';
import { rankHomePopular, rebuildTimelinesBatch } from '@touchline/db/posts';
import type { DatabaseHandle } from '@touchline/db';
import { FEED } from '@touchline/shared';
import { onFreePort } from './lib';

export async function buildViewerFeeds(database: DatabaseHandle, viewerIds: string[]) {
  await database.db.transaction((tx) =>
    rebuildTimelinesBatch(tx, {
      after: null,
      limit: viewerIds.length,
      cap: FEED.timelineCap,
      userIds: viewerIds,
    }),
  );
  await rankHomePopular(database.db, new Date());
}

/** A bare Fastify route running `select 1` through the database handle; answers its URL. */
export async function startSelect1Route(database: DatabaseHandle) {
  const select1 = Fastify({ logger: false });
  select1.get('/', async () => {
    await database.db.execute(sql`select 1`);
    return { ok: true };
  });
  const url = await onFreePort((port) => select1.listen({ port, host: '127.0.0.1' }));
  return { url, close: () => select1.close() };
}
