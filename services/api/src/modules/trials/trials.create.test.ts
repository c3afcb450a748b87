import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { eq } from 'drizzle-orm';
import { schema } from '@touchline/db';
import { MESSAGES, TRIAL_MESSAGES } from '@touchline/shared';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { fetchMedia, jpegWithGps, multipart } from '../profiles/profiles.test-support';
import { academy, lagosDate, outboxOf, player, trialFields } from './trials.test-support';

describe('creating trials', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  }, 60_000);
  afterAll(async () => t.close());

  it('a verified academy publishes a trial (JSON) and it is announced', async () => {
    const stars = await academy(t, { username: 'Stars Academy' });
    const res = await stars.call(
      'POST',
      '/api/trial',
      trialFields({
        registration_fee: 1_250_000,
        min_age: 12,
        max_age: 17,
        total_participant_limit: 40,
        requirements: ['Preferred position', '  ', 'Current club'],
      }),
    );
    expect(res.statusCode).toBe(201);
    const trial = res.json();
    expect(trial).toMatchObject({
      name: 'Open Football Trial',
      sport: 'football',
      sport_other: null,
      state: 'Lagos',
      district: 'Ikeja',
      venue: 'Teslim Balogun Stadium',
      trial_date: lagosDate(14),
      start_time: '09:30',
      deadline: lagosDate(7),
      min_age: 12,
      max_age: 17,
      total_participant_limit: 40,
      registration_fee: 1_250_000,
      currency: 'NGN',
      image: null,
      status: 'active',
      cancel_reason: null,
      registered_count: 0,
      places_left: 40,
      academy: { id: stars.id, username: 'Stars Academy' },
      my_registration: null,
    });
    expect(trial.requirements.map((r: { text: string }) => r.text)).toEqual([
      'Preferred position',
      'Current club',
    ]);
    expect(await outboxOf(t, 'trial.created')).toContainEqual({
      trialId: trial.id,
      academyId: stars.id,
    });
  });

  it('every field problem is answered with its message', async () => {
    const stars = await academy(t);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ name: '  ' }, 'name', TRIAL_MESSAGES.nameRequired],
      [{ venue: undefined }, 'venue', TRIAL_MESSAGES.venueRequired],
      [
        { trial_date: lagosDate(0), deadline: lagosDate(0) },
        'trial_date',
        TRIAL_MESSAGES.trialDateFuture,
      ],
      [
        { trial_date: lagosDate(-3), deadline: lagosDate(-5) },
        'trial_date',
        TRIAL_MESSAGES.trialDateFuture,
      ],
      [{ deadline: lagosDate(15) }, 'deadline', TRIAL_MESSAGES.deadlineAfterTrial],
      [{ deadline: lagosDate(-1) }, 'deadline', TRIAL_MESSAGES.deadlinePast],
      [{ trial_date: '2026-02-30' }, 'trial_date', TRIAL_MESSAGES.dateInvalid],
      [{ start_time: '25:00' }, 'start_time', TRIAL_MESSAGES.startTimeInvalid],
      [{ min_age: 18, max_age: 16 }, 'max_age', TRIAL_MESSAGES.ageOrder],
      [{ min_age: 2 }, 'min_age', TRIAL_MESSAGES.ageInvalid],
      [{ registration_fee: -100 }, 'registration_fee', TRIAL_MESSAGES.feeInvalid],
      [{ registration_fee: 10.5 }, 'registration_fee', TRIAL_MESSAGES.feeInvalid],
      [{ total_participant_limit: 0 }, 'total_participant_limit', TRIAL_MESSAGES.limitInvalid],
      [
        { requirements: ['a', 'b', 'c', 'd', 'e', 'f'] },
        'requirements',
        TRIAL_MESSAGES.requirementsTooMany,
      ],
      [{ sport: 'other' }, 'sport_other', MESSAGES.specifySport],
      [{ sport: 'cricket' }, 'sport', MESSAGES.sportRequired],
      [{ district: 'Kano Municipal' }, 'district', MESSAGES.lgaRequired],
    ];
    for (const [overrides, field, message] of cases) {
      const res = await stars.call('POST', '/api/trial', trialFields(overrides));
      expect(res.statusCode, JSON.stringify(overrides)).toBe(400);
      expect(res.json(), JSON.stringify(overrides)).toMatchObject({
        code: 'validation_error',
        fields: { [field]: message },
      });
    }
    const mine = await t.db
      .select()
      .from(schema.trials)
      .where(eq(schema.trials.academyId, stars.id));
    expect(mine).toEqual([]);
  });

  it('a free trial, at most five requirements and a named other sport are accepted', async () => {
    const stars = await academy(t);
    const res = await stars.call(
      'POST',
      '/api/trial',
      trialFields({
        sport: 'other',
        sport_other: 'Handball',
        registration_fee: 0,
        requirements: ['1', '2', '3', '4', '5'],
        deadline: lagosDate(14),
      }),
    );
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      sport: 'other',
      sport_other: 'Handball',
      registration_fee: 0,
    });
    expect(res.json().requirements).toHaveLength(5);
  });

  it('an unverified or declined academy is refused, and so is a player', async () => {
    for (const status of ['unverified', 'declined'] as const) {
      const pending = await academy(t, { academyStatus: status });
      const res = await pending.call('POST', '/api/trial', trialFields());
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({
        code: 'trials.not_verified',
        message: TRIAL_MESSAGES.notVerified,
      });
    }
    const p = await player(t);
    const res = await p.call('POST', '/api/trial', trialFields());
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('forbidden');
  });

  it('a multipart form with a phone poster: re-encoded without location, fields from the form', async () => {
    const stars = await academy(t);
    const fields = Object.fromEntries(
      Object.entries(
        trialFields({ registration_fee: '500000', total_participant_limit: '30' }),
      ).map(([k, v]) => [k, String(v)]),
    );
    const form = multipart(
      { ...fields, requirements: JSON.stringify(['Position', 'Strong foot']) },
      {
        name: 'image',
        filename: 'poster.jpg',
        type: 'image/jpeg',
        data: await jpegWithGps(1600, 1200),
      },
    );
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/trial',
      headers: { ...stars.headers, ...form.headers },
      payload: form.payload,
    });
    expect(res.statusCode).toBe(201);
    const trial = res.json();
    expect(trial).toMatchObject({ registration_fee: 500000, total_participant_limit: 30 });
    expect(trial.requirements.map((r: { text: string }) => r.text)).toEqual([
      'Position',
      'Strong foot',
    ]);
    expect(trial.image).toMatch(/^\/media\/images\/.+\.display\.jpg$/);
    const served = await fetchMedia(t, trial.image);
    expect(served.res.statusCode).toBe(200);
    const meta = await sharp(served.body).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 1280, height: 960 });
    expect(meta.exif).toBeUndefined();
  });

  it('a poster that is not an image is refused and nothing is stored', async () => {
    const stars = await academy(t);
    const fields = Object.fromEntries(
      Object.entries(trialFields()).map(([k, v]) => [k, String(v)]),
    );
    const form = multipart(fields, {
      name: 'image',
      filename: 'poster.png',
      type: 'image/png',
      data: Buffer.from('not an image at all'),
    });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/trial',
      headers: { ...stars.headers, ...form.headers },
      payload: form.payload,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(MESSAGES.invalidImageType);
    const mine = await t.db
      .select()
      .from(schema.trials)
      .where(eq(schema.trials.academyId, stars.id));
    expect(mine).toEqual([]);
  });
});
