import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { eq } from 'drizzle-orm';
import { schema } from '@touchline/db';
import { getMediaObject } from '@touchline/db/media';
import { findUserById } from '@touchline/db/users';
import { MESSAGES } from '@touchline/shared';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { hashPassword } from '../auth/auth.passwords';
import { fetchMedia, jpegWithGps, multipart, png } from './profiles.test-support';

describe('profile and cover photos', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  const upload = (
    kind: 'photo' | 'cover',
    headers: Record<string, string>,
    file: { filename: string; type: string; data: Buffer },
  ) => {
    const form = multipart({}, file);
    return t.app.inject({
      method: 'POST',
      url: `/api/profile/${kind}`,
      headers: { ...headers, ...form.headers },
      payload: form.payload,
    });
  };

  it('re-encodes the photo to a 400 px square without its GPS location', async () => {
    const original = await jpegWithGps(800, 600);
    expect((await sharp(original).metadata()).exif).toBeDefined();
    const user = await t.createUser();
    const { headers } = user;
    const res = await upload('photo', headers, {
      filename: 'me.jpg',
      type: 'image/jpeg',
      data: original,
    });
    expect(res.statusCode).toBe(200);
    const { url } = res.json();
    expect(url).toMatch(/^\/media\/images\/.+\.display\.jpg$/);

    const served = await fetchMedia(t, url);
    expect(served.res.statusCode).toBe(200);
    expect(served.res.headers['content-type']).toBe('image/jpeg');
    const meta = await sharp(served.body).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 400, height: 400 });
    expect(meta.exif).toBeUndefined();
    expect(served.body.includes(Buffer.from('GPS'))).toBe(false);

    const row = (await findUserById(t.db, user.id))!;
    const media = (await getMediaObject(t.db, row.profilePhotoMediaId!))!;
    expect(media).toMatchObject({ status: 'ready', visibility: 'public', ownerId: user.id });
    const thumb = await fetchMedia(t, `/media/${media.variants.thumb}`);
    expect(await sharp(thumb.body).metadata()).toMatchObject({ width: 96, height: 96 });
    expect((await sharp(thumb.body).metadata()).exif).toBeUndefined();

    const view = await t.app.inject({ method: 'GET', url: '/api/profile', headers });
    expect(view.json().profile_photo).toBe(url);
  });

  it('judges the type by content: a PNG named .jpg is a PNG, a text file named .jpg is refused', async () => {
    const { headers } = await t.createUser();
    const renamed = await upload('photo', headers, {
      filename: 'photo.jpg',
      type: 'image/jpeg',
      data: await png(),
    });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().url).toMatch(/\.png$/);
    const served = await fetchMedia(t, renamed.json().url);
    expect(served.res.headers['content-type']).toBe('image/png');
    expect((await sharp(served.body).metadata()).format).toBe('png');

    const text = await upload('photo', headers, {
      filename: 'photo.jpg',
      type: 'image/jpeg',
      data: Buffer.from('just some text, not an image at all\n'.repeat(20)),
    });
    expect(text.statusCode).toBe(400);
    expect(text.json()).toMatchObject({
      message: MESSAGES.invalidImageType,
      code: 'media.invalid_image_type',
    });
    // The refused upload left the earlier photo in place.
    const view = await t.app.inject({ method: 'GET', url: '/api/profile', headers });
    expect(view.json().profile_photo).toBe(renamed.json().url);

    const gif = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
    const refusedGif = await upload('photo', headers, {
      filename: 'a.png',
      type: 'image/png',
      data: gif,
    });
    expect(refusedGif.json().message).toBe(MESSAGES.invalidImageType);
  });

  it('asks for a file and refuses one over 10 MB', async () => {
    const { headers } = await t.createUser();
    const form = multipart({ note: 'x' });
    const none = await t.app.inject({
      method: 'POST',
      url: '/api/profile/photo',
      headers: { ...headers, ...form.headers },
      payload: form.payload,
    });
    expect(none.statusCode).toBe(400);
    expect(none.json().code).toBe('media.image_required');
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/profile/photo',
      headers,
      payload: { file: 'x' },
    });
    expect(json.statusCode).toBe(400);
    const big = Buffer.concat([await png(10, 10), Buffer.alloc(10 * 1024 * 1024 + 1)]);
    const tooBig = await upload('photo', headers, {
      filename: 'big.png',
      type: 'image/png',
      data: big,
    });
    expect(tooBig.statusCode).toBe(413);
  });

  it('crops the cover to 3:1 (1500×500)', async () => {
    const { headers } = await t.createUser({ role: 'academy' });
    const res = await upload('cover', headers, {
      filename: 'pitch.jpg',
      type: 'image/jpeg',
      data: await jpegWithGps(1200, 1200),
    });
    expect(res.statusCode).toBe(200);
    const served = await fetchMedia(t, res.json().url);
    const meta = await sharp(served.body).metadata();
    expect(meta).toMatchObject({ width: 1500, height: 500 });
    expect(meta.exif).toBeUndefined();
    const view = await t.app.inject({ method: 'GET', url: '/api/profile', headers });
    expect(view.json().cover_photo).toBe(res.json().url);
  });

  it('login answers the uploaded photo; replacing it deletes the old files; DELETE removes it', async () => {
    const password = 'Str0ng@pass';
    const user = await t.createUser({
      email: `photo${Date.now()}@example.test`,
      passwordHash: await hashPassword(password),
      username: 'Amaka',
      dob: null,
    });
    const { headers } = user;
    const login = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { email: user.email, password, is_academy: false },
      });
    expect((await login()).json().profile_photo).toBeNull();

    const first = await upload('photo', headers, {
      filename: 'a.jpg',
      type: 'image/jpeg',
      data: await jpegWithGps(),
    });
    expect((await login()).json().profile_photo).toBe(first.json().url);
    expect((await fetchMedia(t, first.json().url)).res.statusCode).toBe(200);
    const firstMediaId = (await findUserById(t.db, user.id))!.profilePhotoMediaId!;

    const second = await upload('photo', headers, {
      filename: 'b.png',
      type: 'image/png',
      data: await png(),
    });
    expect((await login()).json().profile_photo).toBe(second.json().url);
    expect((await fetchMedia(t, first.json().url)).res.statusCode).toBe(404);
    expect(await getMediaObject(t.db, firstMediaId)).toBeNull();

    const removed = await t.app.inject({ method: 'DELETE', url: '/api/profile/photo', headers });
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({ url: null });
    expect((await login()).json().profile_photo).toBeNull();
    expect((await fetchMedia(t, second.json().url)).res.statusCode).toBe(404);
    const left = await t.db
      .select()
      .from(schema.mediaObjects)
      .where(eq(schema.mediaObjects.ownerId, user.id));
    expect(left).toHaveLength(0);
  });

  it('is for players and academies only, signed in', async () => {
    const admin = await t.createUser({ role: 'admin' });
    const res = await upload('photo', admin.headers, {
      filename: 'a.png',
      type: 'image/png',
      data: await png(),
    });
    expect(res.statusCode).toBe(403);
    const anonymous = await upload(
      'photo',
      {},
      { filename: 'a.png', type: 'image/png', data: await png() },
    );
    expect(anonymous.statusCode).toBe(401);
  });
});
