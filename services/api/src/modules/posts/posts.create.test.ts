import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { eq } from 'drizzle-orm';
import { schema } from '@touchline/db';
import { LIMITS, MESSAGES, POST_MESSAGES } from '@touchline/shared';
import { createTestApp, type TestApp } from '../../testing/test-app';
import {
  exifHasGps,
  fakeMp4,
  fakeQuicktime,
  fakeWebm,
  fetchMedia,
  jpegWithGps,
  person,
  png,
  upload,
} from './posts.test-support';

describe('creating posts', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  const outboxOf = async (type: string) =>
    (await t.db.select().from(schema.outbox).where(eq(schema.outbox.type, type))).map(
      (r) => r.payload as Record<string, string>,
    );

  it('a text post answers the post as the feed shows it and announces itself', async () => {
    const tunde = await person(t, { username: 'Tunde Bakare' });
    const res = await upload(t, tunde, { content: '  Match day!  ' });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({
      user_id: tunde.id,
      user: 'Tunde Bakare',
      username: 'Tunde Bakare',
      bio: '',
      profile_photo: '/default-avatar.svg',
      content: 'Match day!',
      image: null,
      video: null,
      likes_count: 0,
      is_liked_by_current_user: false,
      is_own_post: true,
      is_academy: false,
      comments: [],
      comments_count: 0,
      edited: false,
      can_comment: true,
    });
    expect(await outboxOf('post.created')).toContainEqual({ postId: body.id, authorId: tunde.id });
  });

  it('an academy posts with JSON too, and is marked as an academy', async () => {
    const academy = await person(t, { role: 'academy', username: 'Stars Academy' });
    const res = await academy.call('POST', '/api/post', { content: 'Trials next week' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ is_academy: true, user: 'Stars Academy' });
  });

  it('blank text without media is refused with the specification’s message', async () => {
    const p = await person(t);
    for (const content of ['', '   \n ']) {
      const res = await upload(t, p, { content });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ message: MESSAGES.postEmpty, code: 'posts.empty' });
    }
  });

  it('text longer than 5000 characters is refused', async () => {
    const p = await person(t);
    const res = await upload(t, p, { content: 'a'.repeat(LIMITS.postMaxLength + 1) });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Post must be at most 5000 characters');
    expect((await upload(t, p, { content: 'a'.repeat(LIMITS.postMaxLength) })).statusCode).toBe(
      201,
    );
  });

  it('a phone JPEG is re-encoded: resized display and thumb, GPS location gone', async () => {
    const p = await person(t);
    const original = await jpegWithGps(2000, 1500);
    expect(exifHasGps((await sharp(original).metadata()).exif)).toBe(true);
    const res = await upload(
      t,
      p,
      { content: '' },
      { name: 'image', filename: 'IMG_0001.JPG', type: 'image/jpeg', data: original },
    );
    expect(res.statusCode).toBe(201);
    const { image, video } = res.json();
    expect(video).toBeNull();
    expect(image).toMatch(/^\/media\/images\/.+\.display\.jpg$/);

    const served = await fetchMedia(t, image);
    expect(served.res.statusCode).toBe(200);
    const meta = await sharp(served.body).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 1280, height: 960 });
    expect(meta.exif).toBeUndefined();
    expect(exifHasGps(meta.exif)).toBe(false);

    const thumb = await fetchMedia(t, image.replace('.display.', '.thumb.'));
    const thumbMeta = await sharp(thumb.body).metadata();
    expect(thumbMeta).toMatchObject({ width: 480, height: 360 });
    expect(thumbMeta.exif).toBeUndefined();
  });

  it('the content decides the type: a PNG named .jpg is kept as a PNG', async () => {
    const p = await person(t);
    const res = await upload(
      t,
      p,
      { content: 'renamed' },
      { name: 'image', filename: 'photo.jpg', type: 'image/jpeg', data: await png() },
    );
    expect(res.statusCode).toBe(201);
    expect(res.json().image).toMatch(/\.png$/);
    const served = await fetchMedia(t, res.json().image);
    expect((await sharp(served.body).metadata()).format).toBe('png');
  });

  it('a text file named .png is refused with the specification’s message, and nothing is stored', async () => {
    const p = await person(t);
    const res = await upload(
      t,
      p,
      { content: 'not really' },
      { name: 'image', filename: 'cat.png', type: 'image/png', data: Buffer.from('hello\n') },
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(MESSAGES.invalidImageType);
    const mine = await t.db.select().from(schema.posts).where(eq(schema.posts.authorId, p.id));
    expect(mine).toEqual([]);
  });

  it('an image over 10 MB answers 413 with its message', async () => {
    const p = await person(t);
    const res = await upload(
      t,
      p,
      { content: '' },
      {
        name: 'image',
        filename: 'huge.jpg',
        type: 'image/jpeg',
        data: Buffer.alloc(LIMITS.imageMaxBytes + 10, 1),
      },
    );
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe(POST_MESSAGES.imageTooLarge);
  });

  it('an MP4 and a WebM are stored as videos, by content', async () => {
    const p = await person(t);
    const mp4 = await upload(
      t,
      p,
      { content: 'first touch' },
      { name: 'video', filename: 'clip.bin', type: 'application/octet-stream', data: fakeMp4() },
    );
    expect(mp4.statusCode).toBe(201);
    expect(mp4.json()).toMatchObject({ image: null, content: 'first touch' });
    expect(mp4.json().video).toMatch(/^\/media\/videos\/.+\.mp4$/);
    const served = await fetchMedia(t, mp4.json().video);
    expect(served.res.headers['content-type']).toBe('video/mp4');
    expect(served.body.equals(fakeMp4())).toBe(true);

    const webm = await upload(
      t,
      p,
      { content: '' },
      { name: 'video', filename: 'clip.webm', type: 'video/webm', data: fakeWebm() },
    );
    expect(webm.statusCode).toBe(201);
    expect(webm.json().video).toMatch(/\.webm$/);
    const [media] = await t.db
      .select()
      .from(schema.mediaObjects)
      .where(eq(schema.mediaObjects.key, webm.json().video.replace('/media/', '')));
    expect(media).toMatchObject({ kind: 'video', status: 'ready', ownerId: p.id });
  });

  it('a QuickTime movie or anything else is refused as a video, and no upload is left behind', async () => {
    const p = await person(t);
    for (const data of [fakeQuicktime(), await png()]) {
      const res = await upload(
        t,
        p,
        { content: 'x' },
        { name: 'video', filename: 'clip.mp4', type: 'video/mp4', data },
      );
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(MESSAGES.invalidVideoType);
    }
    const tmp = path.join(t.config.DATA_DIR, 'tmp', 'uploads');
    expect(await readdir(tmp)).toEqual([]);
  });

  it('two files are refused: a post has one image or one video', async () => {
    const p = await person(t);
    const res = await upload(
      t,
      p,
      { content: 'both' },
      { name: 'image', filename: 'a.png', type: 'image/png', data: await png() },
      { name: 'video', filename: 'b.mp4', type: 'video/mp4', data: fakeMp4() },
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(POST_MESSAGES.oneMediaOnly);
  });

  it('a video over 100 MB answers 413 and its temporary file is gone; three files are refused', async () => {
    const p = await person(t);
    const big = Buffer.concat([fakeMp4(), Buffer.alloc(LIMITS.videoMaxBytes + 1024)]);
    const res = await upload(
      t,
      p,
      { content: 'long match' },
      { name: 'video', filename: 'match.mp4', type: 'video/mp4', data: big },
    );
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe(POST_MESSAGES.videoTooLarge);
    expect(await readdir(path.join(t.config.DATA_DIR, 'tmp', 'uploads'))).toEqual([]);

    const file = { type: 'video/mp4', data: fakeMp4() };
    const three = await upload(
      t,
      p,
      { content: 'three' },
      { name: 'video', filename: 'a.mp4', ...file },
      { name: 'video', filename: 'b.mp4', ...file },
      { name: 'video', filename: 'c.mp4', ...file },
    );
    expect(three.statusCode).toBe(400);
    expect(three.json().message).toBe(POST_MESSAGES.oneMediaOnly);
  });

  it('an empty file part (no file chosen) is no media', async () => {
    const p = await person(t);
    const res = await upload(
      t,
      p,
      { content: 'just text' },
      { name: 'image', filename: '', type: 'application/octet-stream', data: Buffer.alloc(0) },
    );
    expect(res.statusCode).toBe(201);
    expect(res.json().image).toBeNull();
  });

  it('administrators read but do not post', async () => {
    const admin = await person(t, { role: 'admin' });
    expect((await admin.call('POST', '/api/post', { content: 'hi' })).statusCode).toBe(403);
  });

  it('anonymous callers are refused', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/home' });
    expect(res.statusCode).toBe(401);
  });
});
