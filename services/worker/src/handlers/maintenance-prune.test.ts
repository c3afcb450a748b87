import { afterEach, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { schema, uuidv7 } from '@touchline/db';
import { insertMessage, openThread } from '@touchline/db/chat';
import { createMediaObject, recordUnclaimedFiles } from '@touchline/db/media';
import { createTestUser } from '@touchline/db/testing';
import type { StorageDriver } from '@touchline/drivers';
import { createHandlerEnv, runJob } from '../testing/handler-env';
import { createPruneHandler, UNCLAIMED_FILES_GRACE_MS } from './maintenance-prune';

type HandlerEnv = Awaited<ReturnType<typeof createHandlerEnv>>;

const HOUR = 60 * 60 * 1000;

describe('maintenance.prune: chat pictures no message claimed', () => {
  let h: HandlerEnv;
  afterEach(async () => h?.env.close());

  /** A chat picture's files as a send stores them: the display image, private. */
  async function storePicture(storage: StorageDriver) {
    const id = uuidv7();
    const keys = [`images/${id}.display.png`];
    for (const key of keys) {
      await storage.put({
        key,
        body: Buffer.from(`picture ${id}`),
        contentType: 'image/png',
        visibility: 'private',
      });
    }
    return { id, keys };
  }

  /** As a send leaves it when its process dies after storing: the record, no row, no message. */
  async function strandedUpload(storage: StorageDriver, age: number) {
    const picture = await storePicture(storage);
    await recordUnclaimedFiles(h.env.db, { ...picture, visibility: 'private' });
    await h.env.db
      .update(schema.unclaimedFiles)
      .set({ createdAt: sql`now() - (${age}::double precision * interval '1 millisecond')` })
      .where(eq(schema.unclaimedFiles.id, picture.id));
    return picture;
  }

  async function stored(storage: StorageDriver, key: string) {
    const object = await storage.get(key, 'private');
    object?.body.destroy();
    return object !== null;
  }

  const records = async () =>
    (await h.env.db.select({ id: schema.unclaimedFiles.id }).from(schema.unclaimedFiles))
      .map((r) => r.id)
      .sort();

  it('deletes the files of an upload no message claimed after a day, keeps recent and sent pictures', async () => {
    h = await createHandlerEnv();
    const { storage } = h.drivers;
    const old = await strandedUpload(storage, 25 * HOUR);
    const recent = await strandedUpload(storage, 1 * HOUR);

    // A sent picture: its media row and message committed with the record claimed (none left).
    const sent = await storePicture(storage);
    const [ada, bola] = [await createTestUser(h.env.db), await createTestUser(h.env.db)];
    await h.env.db.transaction(async (tx) => {
      const thread = await openThread(tx, ada.id, bola.id);
      await createMediaObject(tx, {
        id: sent.id,
        ownerId: ada.id,
        key: sent.keys[0]!,
        visibility: 'private',
        kind: 'image',
        contentType: 'image/png',
        byteSize: 10,
      });
      await insertMessage(tx, {
        threadId: thread.id,
        senderId: ada.id,
        text: '',
        imageMediaId: sent.id,
      });
    });
    // Sent long ago: its age does not matter, only whether a message claimed it.
    await h.env.db
      .update(schema.mediaObjects)
      .set({ createdAt: sql`now() - interval '40 days'` })
      .where(eq(schema.mediaObjects.id, sent.id));

    await runJob(h.handlers['maintenance.prune'], 'maintenance.prune', 'first', {});

    expect(await stored(storage, old.keys[0]!)).toBe(false);
    expect(await stored(storage, recent.keys[0]!)).toBe(true);
    expect(await stored(storage, sent.keys[0]!)).toBe(true);
    expect(await records()).toEqual([recent.id]);
    const [row] = await h.env.db
      .select({ id: schema.mediaObjects.id })
      .from(schema.mediaObjects)
      .where(eq(schema.mediaObjects.id, sent.id));
    expect(row?.id).toBe(sent.id);
  });

  it('is safe to run on several workers at once, and again', async () => {
    h = await createHandlerEnv();
    const { storage } = h.drivers;
    const old = await Promise.all(
      Array.from({ length: 5 }, () => strandedUpload(storage, UNCLAIMED_FILES_GRACE_MS + HOUR)),
    );
    const prune = h.handlers['maintenance.prune'];
    await Promise.all([
      runJob(prune, 'maintenance.prune', 'worker-a', {}),
      runJob(prune, 'maintenance.prune', 'worker-b', {}),
    ]);
    await runJob(prune, 'maintenance.prune', 'later', {});
    for (const picture of old) expect(await stored(storage, picture.keys[0]!)).toBe(false);
    expect(await records()).toEqual([]);
  });

  it('keeps the record of files it could not delete, and deletes them on a later run', async () => {
    h = await createHandlerEnv();
    const { storage } = h.drivers;
    const old = await strandedUpload(storage, 25 * HOUR);
    // The object store refuses deletes for a while (an outage at the storage edge).
    let refusing = true;
    const flaky: Pick<StorageDriver, 'delete'> = {
      delete: async (key, visibility) => {
        if (refusing) throw new Error('storage unavailable');
        await storage.delete(key, visibility);
      },
    };
    const prune = createPruneHandler({ db: h.env.db, storage: flaky, clock: () => new Date() });
    await runJob(prune, 'maintenance.prune', 'outage', {});
    expect(await stored(storage, old.keys[0]!)).toBe(true);
    expect(await records()).toEqual([old.id]);

    refusing = false;
    await runJob(prune, 'maintenance.prune', 'recovered', {});
    expect(await stored(storage, old.keys[0]!)).toBe(false);
    expect(await records()).toEqual([]);
  });
});
