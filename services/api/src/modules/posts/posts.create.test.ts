import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { eq } from 'drizzle-orm';
import { schema } from '@touchline/db';
import { LIMITS, MESSAGES, POST_MESSAGES } from '@touchline/shared';
import { createTestApp, type TestApp } from '../../testing/test-app';
import {
  CLIP_LOCATION,
  exifHasGps,
  fakeMp4,
  fakeQuicktime,
  fakeWebm,
  fetchMedia,
  jpegWithGps,
  person,
  phoneClip,
  png,
  upload,
  videoStreams,
  videoTags,
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

  for (const format of ['mp4', 'webm'] as const) {
    it(`a phone ${format.toUpperCase()} is stored without where, when and on what it was filmed, with a poster frame`, async () => {
      const p = await person(t);
      const original = await phoneClip(format);
      expect(original.toString('latin1')).toContain(CLIP_LOCATION);
      expect(await videoTags(original)).toMatch(/location/i);

      const res = await upload(
        t,
        p,
        { content: 'first touch' },
        { name: 'video', filename: 'clip.bin', type: 'application/octet-stream', data: original },
      );
      expect(res.statusCode).toBe(201);
      const body = res.json();
      expect(body).toMatchObject({ image: null, content: 'first touch' });
      expect(body.video).toMatch(new RegExp(`^/media/videos/[^/.]+\\.${format}$`));
      expect(body.video_poster).toBe(body.video.replace(`.${format}`, '.poster.jpg'));

      const served = await fetchMedia(t, body.video);
      expect(served.res.headers['content-type']).toBe(`video/${format}`);
      const bytes = served.body.toString('latin1');
      for (const trace of [CLIP_LOCATION, '+06.4541', 'Apple', 'iPhone', '2024-05-01'])
        expect(bytes).not.toContain(trace);
      const tags = await videoTags(served.body);
      expect(tags).not.toMatch(/location|make|model|creation_time/i);

      const poster = await fetchMedia(t, body.video_poster);
      expect(poster.res.statusCode).toBe(200);
      const meta = await sharp(poster.body).metadata();
      expect(meta).toMatchObject({ format: 'jpeg', width: 160, height: 120 });
      expect(meta.exif).toBeUndefined();
      expect(meta.xmp).toBeUndefined();

      const [media] = await t.db
        .select()
        .from(schema.mediaObjects)
        .where(eq(schema.mediaObjects.key, body.video.replace('/media/', '')));
      expect(media).toMatchObject({
        kind: 'video',
        status: 'ready',
        ownerId: p.id,
        byteSize: served.body.length,
        variants: { poster: body.video_poster.replace('/media/', '') },
      });
      // Feed and post views carry the poster too.
      expect((await p.call('GET', `/api/post/${body.id}`)).json().video_poster).toBe(
        body.video_poster,
      );
    });
  }

  it('a video filmed upright keeps its rotation, and its poster stands upright at display size', async () => {
    const p = await person(t);
    const original = await phoneClip('mp4', { size: '1920x1080', rotate: 90 });
    expect(await videoStreams(original)).toMatch(/displaymatrix: rotation of -?90/);
    const res = await upload(
      t,
      p,
      { content: 'upright' },
      { name: 'video', filename: 'IMG_0002.MP4', type: 'video/mp4', data: original },
    );
    expect(res.statusCode).toBe(201);
    const stored = await fetchMedia(t, res.json().video);
    expect(await videoStreams(stored.body)).toMatch(/displaymatrix: rotation of -?90/);
    const poster = await sharp((await fetchMedia(t, res.json().video_poster)).body).metadata();
    expect(poster).toMatchObject({ format: 'jpeg', width: 720, height: 1280 });
  });

  it('a video with no video stream, or one that does not decode, answers 400 and stores nothing', async () => {
    const p = await person(t);
    const clip = await phoneClip('mp4');
    const unreadable = {
      'a sound file in an MP4': await phoneClip('mp4', { audioOnly: true }),
      'a sound file in a WebM': await phoneClip('webm', { audioOnly: true }),
      'an MP4 cut short': clip.subarray(0, 3000),
      'a WebM header and nothing after': fakeWebm(),
    };
    for (const [what, data] of Object.entries(unreadable)) {
      const res = await upload(
        t,
        p,
        { content: what },
        { name: 'video', filename: 'clip.mp4', type: 'video/mp4', data },
      );
      expect(res.statusCode, what).toBe(400);
      expect(res.json(), what).toMatchObject({
        code: 'media.unreadable_video',
        message: MESSAGES.invalidVideoType,
      });
    }
    const posts = await t.db.select().from(schema.posts).where(eq(schema.posts.authorId, p.id));
    const media = await t.db
      .select()
      .from(schema.mediaObjects)
      .where(eq(schema.mediaObjects.ownerId, p.id));
    expect([posts, media]).toEqual([[], []]);
    expect(await readdir(path.join(t.config.DATA_DIR, 'tmp', 'uploads'))).toEqual([]);
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
