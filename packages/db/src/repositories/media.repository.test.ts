import { afterAll, beforeAll, expect, test } from 'vitest';
import { createTestDatabase, createTestUser } from '../testing';
import type { TestDatabase } from '../testing';
import { uuidv7 } from '../uuid';
import {
  createMediaObject,
  getMediaObject,
  markMediaFailed,
  markMediaReady,
} from './media.repository';

let testDb: TestDatabase;

beforeAll(async () => {
  testDb = await createTestDatabase();
});
afterAll(() => testDb?.close());

async function upload() {
  const owner = await createTestUser(testDb.db);
  return createMediaObject(testDb.db, {
    ownerId: owner.id,
    key: `uploads/${uuidv7()}.jpg`,
    visibility: 'public',
    kind: 'image',
    contentType: 'image/jpeg',
    byteSize: 12345,
  });
}

test('a new media object is pending without dimensions or variants', async () => {
  const media = await upload();
  expect(await getMediaObject(testDb.db, media.id)).toMatchObject({
    status: 'pending',
    width: null,
    height: null,
    variants: {},
    byteSize: 12345,
  });
});

test('a processed media object is ready with its dimensions and variants', async () => {
  const media = await upload();
  const variants = { thumb: `${media.key}.thumb.webp`, large: `${media.key}.large.webp` };
  expect(await markMediaReady(testDb.db, media.id, { width: 800, height: 600, variants })).toBe(
    true,
  );
  expect(await getMediaObject(testDb.db, media.id)).toMatchObject({
    status: 'ready',
    width: 800,
    height: 600,
    variants,
  });
});

test('a media object whose processing failed is marked failed', async () => {
  const media = await upload();
  expect(await markMediaFailed(testDb.db, media.id)).toBe(true);
  expect((await getMediaObject(testDb.db, media.id))!.status).toBe('failed');
  expect(await markMediaFailed(testDb.db, uuidv7())).toBe(false);
  expect(await getMediaObject(testDb.db, uuidv7())).toBeNull();
});
