import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { schema } from '@touchline/db';
import { getMediaObject } from '@touchline/db/media';
import { MESSAGES, PROFILE_MESSAGES, todayInLagos } from '@touchline/shared';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { fetchMedia, jpegWithGps, multipart } from './profiles.test-support';

const thisYear = Number(todayInLagos().slice(0, 4));

describe('achievements (/api/user_achievement)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  const send = (
    method: 'POST' | 'PUT' | 'DELETE' | 'GET',
    url: string,
    headers: Record<string, string>,
    payload?: Record<string, unknown>,
  ) => t.app.inject({ method, url, headers, payload });
  const trophy = {
    title: 'Top scorer',
    organisation: 'Lagos Schools League',
    issued_month: 6,
    issued_year: 2023,
    description: '14 goals in 9 matches',
  };

  it('an owner adds, lists (newest first), edits and deletes achievements', async () => {
    const user = await t.createUser();
    const { headers } = user;
    const older = await send('POST', '/api/user_achievement', headers, {
      ...trophy,
      issued_year: 2021,
    });
    expect(older.statusCode).toBe(201);
    const newer = await send('POST', '/api/user_achievement', headers, {
      title: 'Player of the season',
      issued_month: '3',
      issued_year: String(thisYear - 1),
    });
    expect(newer.statusCode).toBe(201);
    expect(newer.json()).toMatchObject({
      user_id: user.id,
      organisation: null,
      description: null,
      image: null,
      issued_month: 3,
    });

    const list = await send('GET', '/api/user_achievement', headers);
    expect(list.json().map((a: { title: string }) => a.title)).toEqual([
      'Player of the season',
      'Top scorer',
    ]);
    const view = await send('GET', '/api/profile', headers);
    expect(view.json().achievements_count).toBe(2);

    const edited = await send('PUT', `/api/user_achievement/${older.json().id}`, headers, {
      title: 'Golden boot',
      description: '',
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({
      title: 'Golden boot',
      organisation: 'Lagos Schools League',
      description: null,
      issued_year: 2021,
    });

    const deleted = await send('DELETE', `/api/user_achievement/${older.json().id}`, headers);
    expect(deleted.statusCode).toBe(200);
    expect((await send('GET', '/api/user_achievement', headers)).json()).toHaveLength(1);
  });

  it('anyone signed in lists another user’s achievements; only the owner changes them (404, nothing changes)', async () => {
    const owner = await t.createUser();
    const other = await t.createUser();
    const created = (await send('POST', '/api/user_achievement', owner.headers, trophy)).json();
    const url = `/api/user_achievement/${created.id}`;

    const listed = await send(
      'GET',
      `/api/user_achievement?user_id=${owner.id}`,
      other.headers,
    );
    expect(listed.json()).toHaveLength(1);

    const edit = await send('PUT', url, other.headers, { title: 'Stolen' });
    expect(edit.statusCode).toBe(404);
    expect(edit.json().code).toBe('profiles.achievement_not_found');
    const remove = await send('DELETE', url, other.headers);
    expect(remove.statusCode).toBe(404);
    const [row] = await t.db
      .select()
      .from(schema.achievements)
      .where(eq(schema.achievements.id, created.id));
    expect(row).toMatchObject({ title: 'Top scorer', userId: owner.id });

    const unknown = await send(
      'PUT',
      '/api/user_achievement/0190c0de-0000-7000-8000-00000000dead',
      owner.headers,
      {
        title: 'x',
      },
    );
    expect(unknown.statusCode).toBe(404);
  });

  it('answers a message for every bounded field', async () => {
    const { headers } = await t.createUser({ role: 'academy' });
    const cases: [Record<string, unknown>, string, string][] = [
      [{ ...trophy, title: '' }, 'title', PROFILE_MESSAGES.titleRequired],
      [{ ...trophy, title: 'x'.repeat(121) }, 'title', PROFILE_MESSAGES.titleTooLong],
      [
        { ...trophy, organisation: 'x'.repeat(121) },
        'organisation',
        PROFILE_MESSAGES.organisationTooLong,
      ],
      [
        { ...trophy, description: 'x'.repeat(1001) },
        'description',
        PROFILE_MESSAGES.descriptionTooLong,
      ],
      [{ ...trophy, issued_month: 13 }, 'issued_month', PROFILE_MESSAGES.month],
      [{ ...trophy, issued_month: 0 }, 'issued_month', PROFILE_MESSAGES.month],
      [{ ...trophy, issued_year: 1949 }, 'issued_year', PROFILE_MESSAGES.year],
      [{ ...trophy, issued_year: thisYear + 1 }, 'issued_year', PROFILE_MESSAGES.year],
      [
        { ...trophy, issued_month: 12, issued_year: thisYear },
        'issued_month',
        PROFILE_MESSAGES.issuedFuture,
      ],
    ];
    const [, month] = todayInLagos().split('-').map(Number) as [number, number];
    for (const [payload, field, message] of cases) {
      if (message === PROFILE_MESSAGES.issuedFuture && month === 12) continue;
      const res = await send('POST', '/api/user_achievement', headers, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().fields?.[field], field).toBe(message);
    }
    const created = (await send('POST', '/api/user_achievement', headers, trophy)).json();
    const badEdit = await send('PUT', `/api/user_achievement/${created.id}`, headers, {
      issued_year: thisYear + 1,
    });
    expect(badEdit.json().fields.issued_year).toBe(PROFILE_MESSAGES.year);
  });

  it('takes an optional image by multipart, stripped of location, and replaces or removes it', async () => {
    const user = await t.createUser();
    const { headers } = user;
    const form = multipart(
      { title: 'Cup winner', issued_month: '5', issued_year: '2022', organisation: '' },
      {
        name: 'image',
        filename: 'cup.jpg',
        type: 'image/jpeg',
        data: await jpegWithGps(2400, 1600),
      },
    );
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user_achievement',
      headers: { ...headers, ...form.headers },
      payload: form.payload,
    });
    expect(res.statusCode).toBe(201);
    const created = res.json();
    expect(created).toMatchObject({ title: 'Cup winner', organisation: null });
    const served = await fetchMedia(t, created.image);
    const meta = await sharp(served.body).metadata();
    expect(meta).toMatchObject({ width: 1200, height: 800 });
    expect(meta.exif).toBeUndefined();
    const listed = (await send('GET', '/api/user_achievement', headers)).json();
    expect(listed[0].image).toBe(created.image);

    const bad = multipart(
      {},
      {
        name: 'image',
        filename: 'x.jpg',
        type: 'image/jpeg',
        data: Buffer.from('%PDF-1.4 not an image'),
      },
    );
    const refused = await t.app.inject({
      method: 'PUT',
      url: `/api/user_achievement/${created.id}`,
      headers: { ...headers, ...bad.headers },
      payload: bad.payload,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(MESSAGES.invalidImageType);

    const [row] = await t.db
      .select()
      .from(schema.achievements)
      .where(eq(schema.achievements.id, created.id));
    const removed = await send('PUT', `/api/user_achievement/${created.id}`, headers, {
      remove_image: true,
    });
    expect(removed.json().image).toBeNull();
    expect(await getMediaObject(t.db, row!.imageMediaId!)).toBeNull();
    expect((await fetchMedia(t, created.image)).res.statusCode).toBe(404);
    const owned = await t.db
      .select()
      .from(schema.mediaObjects)
      .where(eq(schema.mediaObjects.ownerId, user.id));
    expect(owned).toHaveLength(0);
  });

  it('administrators read but do not write achievements', async () => {
    const admin = await t.createUser({ role: 'admin' });
    expect((await send('GET', '/api/user_achievement', admin.headers)).statusCode).toBe(200);
    expect((await send('POST', '/api/user_achievement', admin.headers, trophy)).statusCode).toBe(
      403,
    );
  });
});
