import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MESSAGES,
  normalizeNigerianPhone,
  PROFILE_MESSAGES,
  PROFILES_ERRORS,
  todayInLagos,
  yearsBefore,
} from '@touchline/shared';
import { createTestApp, type TestApp } from '../../testing/test-app';

describe('POST /api/profile', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  const update = (headers: Record<string, string>, payload: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: '/api/profile', headers, payload });
  const footballer = () =>
    t.createUser({ sports: ['football'], state: 'Lagos', district: 'Ikeja' });

  it('changes only the fields sent and answers the own view', async () => {
    const { headers } = await footballer();
    const first = await update(headers, {
      username: '  Chidi Okafor ',
      bio: 'Box-to-box midfielder',
      about: 'Captain of my school team.',
      open_to_work: true,
      position: 'cdm',
      height_cm: 172,
      weight_kg: 64,
      preferred_side: 'left',
      state: 'Kano',
      district: 'Fagge',
    });
    expect(first.statusCode).toBe(200);
    const second = await update(headers, { bio: '' });
    expect(second.json()).toMatchObject({
      username: 'Chidi Okafor',
      bio: null,
      about: 'Captain of my school team.',
      open_to_work: true,
      position: 'CDM',
      height_cm: 172,
      weight_kg: 64,
      preferred_side: 'left',
      state: 'Kano',
      district: 'Fagge',
      sports: ['football'],
      is_own: true,
    });
  });

  it('answers a message for every bounded field', async () => {
    const { headers } = await footballer();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ username: '' }, 'username', MESSAGES.nameRequired],
      [{ username: 'x'.repeat(101) }, 'username', PROFILE_MESSAGES.nameTooLong],
      [{ bio: 'x'.repeat(161) }, 'bio', PROFILE_MESSAGES.bioTooLong],
      [{ about: 'x'.repeat(2001) }, 'about', PROFILE_MESSAGES.aboutTooLong],
      [{ height_cm: 49 }, 'height_cm', PROFILE_MESSAGES.height],
      [{ height_cm: 251 }, 'height_cm', PROFILE_MESSAGES.height],
      [{ height_cm: 170.5 }, 'height_cm', PROFILE_MESSAGES.height],
      [{ weight_kg: 14 }, 'weight_kg', PROFILE_MESSAGES.weight],
      [{ weight_kg: 201 }, 'weight_kg', PROFILE_MESSAGES.weight],
      [{ preferred_side: 'middle' }, 'preferred_side', PROFILE_MESSAGES.preferredSide],
      [{ position: 'x'.repeat(41) }, 'position', PROFILE_MESSAGES.positionTooLong],
      [{ sports: [] }, 'sports', MESSAGES.sportRequired],
      [
        { sports: ['football', 'basketball', 'tennis', 'golf'] },
        'sports',
        PROFILE_MESSAGES.sportsTooMany,
      ],
      [{ sports: ['other'] }, 'custom_sport', MESSAGES.specifySport],
      [{ state: 'Lagos', district: 'Fagge' }, 'district', MESSAGES.lgaRequired],
      [{ state: 'Lagos' }, 'district', MESSAGES.lgaRequired],
      [{ district: 'Ikeja' }, 'state', MESSAGES.stateRequired],
      [{ dob: yearsBefore(todayInLagos(), 6) }, 'dob', MESSAGES.minimumAge],
      [{ dob: '2010-02-30' }, 'dob', 'Enter a valid date'],
      [{ phone: '12345' }, 'phone', PROFILE_MESSAGES.phoneInvalid],
      [{ open_to_work: 'maybe' }, 'open_to_work', PROFILE_MESSAGES.openToWork],
    ];
    for (const [payload, field, message] of cases) {
      const res = await update(headers, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().fields?.[field], JSON.stringify(payload)).toBe(message);
    }
    // Nothing of the refused updates was stored.
    const own = (await t.app.inject({ method: 'GET', url: '/api/profile', headers })).json();
    expect(own).toMatchObject({ bio: null, height_cm: null, state: 'Lagos', district: 'Ikeja' });
  });

  it('normalises the three accepted phone forms to E.164 and refuses others', async () => {
    const { headers } = await footballer();
    for (const phone of ['08031234567', '0803 123 4567', '+2348031234567', '2348031234567']) {
      const res = await update(headers, { phone });
      expect(res.statusCode, phone).toBe(200);
      expect(res.json().phone).toBe('+2348031234567');
    }
    for (const prefix of ['070', '080', '081', '090', '091'])
      expect(normalizeNigerianPhone(`${prefix}12345678`)).toBe(`+234${prefix.slice(1)}12345678`);
    for (const phone of [
      '8031234567', // no trunk prefix
      '0803123456', // 10 digits
      '080312345678', // 12 digits
      '06012345678', // not a mobile range
      '+23408031234567', // trunk 0 kept after the country code
      '+2358031234567', // another country
      '+1 415 555 0100',
      'phone-me',
    ]) {
      const res = await update(headers, { phone });
      expect(res.statusCode, phone).toBe(400);
      expect(res.json().fields.phone).toBe(PROFILE_MESSAGES.phoneInvalid);
    }
    const cleared = await update(headers, { phone: null });
    expect(cleared.json().phone).toBeNull();
  });

  it('takes a position that matches the sport', async () => {
    const { headers } = await footballer();
    const wrong = await update(headers, { position: 'PG' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().fields.position).toBe(PROFILE_MESSAGES.footballPosition);
    expect((await update(headers, { position: 'rw' })).json().position).toBe('RW');

    // Moving to basketball drops a football position unless a new one comes with it.
    const moved = await update(headers, { sports: ['basketball'] });
    expect(moved.json()).toMatchObject({ sports: ['basketball'], position: null });
    const cb = await update(headers, { position: 'CB' });
    expect(cb.json().fields.position).toBe(PROFILE_MESSAGES.basketballPosition);
    expect((await update(headers, { position: 'pg' })).json().position).toBe('PG');

    // Another sport takes free text; several sports take a position of any of them.
    const swimmer = await update(headers, {
      sports: ['football', 'other'],
      custom_sport: 'Swimming',
      position: 'Freestyle sprinter',
    });
    expect(swimmer.json()).toMatchObject({
      sports: ['football', 'swimming'],
      position: 'Freestyle sprinter',
    });
    expect((await update(headers, { position: 'gk' })).json().position).toBe('GK');
  });

  it('keeps role fields to their role', async () => {
    const academy = await t.createUser({ role: 'academy', sports: ['football'] });
    for (const field of ['open_to_work', 'position', 'height_cm', 'weight_kg', 'dob']) {
      const value = {
        open_to_work: true,
        position: 'GK',
        height_cm: 180,
        weight_kg: 70,
        dob: '2000-01-01',
      }[field];
      const res = await update(academy.headers, { [field]: value });
      expect(res.statusCode, field).toBe(400);
      expect(res.json().code).toBe('profiles.field_not_allowed');
      expect(res.json().fields).toHaveProperty(field);
    }
    const established = await update(academy.headers, {
      established_on: '2012-03-04',
      bio: 'Youth football academy in Ikeja',
    });
    expect(established.json()).toMatchObject({
      established_on: '2012-03-04',
      bio: 'Youth football academy in Ikeja',
    });
    const future = await update(academy.headers, { established_on: '2999-01-01' });
    expect(future.json().fields.established_on).toBe(PROFILE_MESSAGES.establishedFuture);

    const player = await footballer();
    const refused = await update(player.headers, { established_on: '2012-03-04' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().code).toBe('profiles.field_not_allowed');

    const admin = await t.createUser({ role: 'admin' });
    expect((await update(admin.headers, { bio: 'x' })).statusCode).toBe(403);
  });

  it('sets a missing date of birth once (at least 7 years), then locks it', async () => {
    const { headers } = await t.createUser({ dob: null, sports: ['football'] });
    const dob = yearsBefore(todayInLagos(), 7);
    const res = await update(headers, { dob });
    expect(res.json()).toMatchObject({ dob, age: 7 });
    // Repeating the same date is harmless; another one is refused (supplement §13).
    expect((await update(headers, { dob, bio: 'Still seven' })).statusCode).toBe(200);
    const changed = await update(headers, { dob: yearsBefore(todayInLagos(), 19) });
    expect(changed.statusCode).toBe(403);
    expect(changed.json()).toMatchObject({ code: PROFILES_ERRORS.dobLocked });
    expect(changed.json().message).toMatch(/administrator/);
    expect((await t.app.inject({ method: 'GET', url: '/api/profile', headers })).json().dob).toBe(
      dob,
    );
  });

  it('POST /api/welcome cannot change a date of birth already set', async () => {
    const dob = yearsBefore(todayInLagos(), 12);
    const { headers } = await t.createUser({ dob });
    const place = { state: 'Lagos', district: 'Ikeja', sport: 'football' };
    const welcome = (payload: object) =>
      t.app.inject({ method: 'POST', url: '/api/welcome', headers, payload });
    const older = await welcome({ ...place, dob: yearsBefore(todayInLagos(), 20) });
    expect(older.statusCode).toBe(403);
    expect(older.json()).toMatchObject({ code: PROFILES_ERRORS.dobLocked });
    expect((await welcome({ ...place, dob })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/me', headers })).json().dob).toBe(dob);
  });
});
