import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { schema } from '@touchline/db';
import { getMediaObject } from '@touchline/db/media';
import { findUserByEmail } from '@touchline/db/users';
import { AUTH_ERRORS, AUTH_MESSAGES, MESSAGES, todayInLagos, yearsBefore } from '@touchline/shared';
import { createTestApp, latestCodeFor, type TestApp } from '../../testing/test-app';

const adultDob = yearsBefore(todayInLagos(), 20);
const player = (over: Record<string, string> = {}) => ({
  username: 'Ngozi Eze',
  email: `ngozi${Math.random().toString(36).slice(2, 8)}@example.test`,
  dob: adultDob,
  password: 'Str0ng@pass',
  state: 'Lagos',
  district: 'Ikeja',
  sport: 'football',
  is_academy: 'false',
  ...over,
});

function multipart(
  fields: Record<string, string | string[]>,
  file?: { name: string; filename: string; type: string; data: Buffer },
) {
  const boundary = '----touchline' + Math.random().toString(16).slice(2);
  const chunks: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) {
    for (const value of Array.isArray(v) ? v : [v]) {
      chunks.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${value}\r\n`,
        ),
      );
    }
  }
  if (file) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.name}"; filename="${file.filename}"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
    );
    chunks.push(file.data, Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

describe('POST /api/signup', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  const signup = (
    fields: Record<string, string | string[]>,
    file?: Parameters<typeof multipart>[1],
  ) => t.app.inject({ method: 'POST', url: '/api/signup', ...multipart(fields, file) });

  it.each([
    [{ username: '' }, 'username', MESSAGES.nameRequired],
    [{ email: '' }, 'email', MESSAGES.emailRequired],
    [{ email: 'not-an-email' }, 'email', MESSAGES.emailInvalid],
    [{ dob: '' }, 'dob', MESSAGES.dobRequired],
    [{ dob: yearsBefore(todayInLagos(), 6) }, 'dob', MESSAGES.minimumAge],
    [{ password: '' }, 'password', MESSAGES.passwordRequired],
    [{ password: 'weakpass' }, 'password', MESSAGES.passwordStrength],
    [{ password: 'Abc1!x' }, 'password', MESSAGES.passwordStrength],
    [{ state: '' }, 'state', MESSAGES.stateRequired],
    [{ district: '' }, 'district', MESSAGES.lgaRequired],
    [{ district: 'Ikeja', state: 'Kano' }, 'district', MESSAGES.lgaRequired],
    [{ sport: '' }, 'sport', MESSAGES.sportRequired],
    [{ sport: 'other', customSport: '  ' }, 'customSport', MESSAGES.specifySport],
  ])('refuses %o with the specification message on %s', async (over, field, message) => {
    const res = await signup(player(over));
    expect(res.statusCode).toBe(400);
    expect(res.json().fields[field]).toBe(message);
  });

  it('creates an unverified player, stores the named sport for "other", and e-mails a code', async () => {
    const input = player({ sport: 'other', customSport: 'Handball' });
    const res = await signup(input);
    expect(res.statusCode).toBe(201);
    expect(res.json().message).toBe(AUTH_MESSAGES.signupDone);
    const user = await findUserByEmail(t.db, input.email);
    expect(user).toMatchObject({
      role: 'player',
      sports: ['handball'],
      emailVerifiedAt: null,
      state: 'Lagos',
    });
    expect(user?.passwordHash).toMatch(/^\$argon2id\$/);
    const mails = await t.db.select().from(schema.emails).where(eq(schema.emails.to, input.email));
    expect(mails).toHaveLength(1);
    // At rest the code is only hashed (email_codes) and sealed in the e-mail row until sent.
    expect(mails[0]).toMatchObject({ template: 'auth.verify_code', status: 'queued' });
    expect(JSON.stringify(mails[0])).not.toContain(await latestCodeFor(t, input.email));
  });

  it('accepts a JSON body too', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/signup', payload: player() });
    expect(res.statusCode).toBe(201);
  });

  it('refuses a second account with the same e-mail, whatever its case', async () => {
    const input = player();
    expect((await signup(input)).statusCode).toBe(201);
    const again = await signup({ ...input, email: input.email.toUpperCase() });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(AUTH_MESSAGES.emailTaken);
  });

  it('answers parallel signups with one e-mail: one account, the others 409 as a later signup would', async () => {
    const input = player();
    const answers = await Promise.all(
      Array.from({ length: 4 }, (_, i) =>
        signup({
          ...input,
          username: `Twin ${i}`,
          email: i % 2 ? input.email.toUpperCase() : input.email,
        }),
      ),
    );
    const statuses = answers.map((a) => a.statusCode).sort();
    expect(statuses).toEqual([201, 409, 409, 409]);
    for (const refused of answers.filter((a) => a.statusCode === 409)) {
      expect(refused.json()).toMatchObject({
        code: AUTH_ERRORS.emailTaken,
        message: AUTH_MESSAGES.emailTaken,
      });
    }
    const accounts = await t.db
      .select()
      .from(schema.users)
      .where(eq(schema.users.email, input.email));
    expect(accounts).toHaveLength(1);
  });

  it('creates an academy with several sports and a private licence checked by content', async () => {
    const email = `academy${Date.now()}@example.test`;
    const res = await signup(
      {
        username: 'Ibadan Eagles',
        email,
        established_on: '2015-05-05',
        password: 'Str0ng@pass',
        state: 'Oyo',
        district: 'Ibadan North',
        sports: ['football', 'basketball'],
        is_academy: 'true',
      },
      { name: 'licence', filename: 'licence.pdf', type: 'application/pdf', data: PDF },
    );
    expect(res.statusCode).toBe(201);
    const user = await findUserByEmail(t.db, email);
    expect(user).toMatchObject({
      role: 'academy',
      academyStatus: 'unverified',
      sports: ['football', 'basketball'],
      establishedOn: '2015-05-05',
      dob: null,
    });
    const licence = await getMediaObject(t.db, user!.licenceMediaId!);
    expect(licence).toMatchObject({
      visibility: 'private',
      contentType: 'application/pdf',
      ownerId: user!.id,
    });
    expect(await t.drivers.storage.get(licence!.key, 'public')).toBeNull();
    expect(await t.drivers.storage.get(licence!.key, 'private')).not.toBeNull();
  });

  it('refuses an academy licence that is not really a PDF, JPEG or PNG, and one that is missing', async () => {
    const base = {
      username: 'Jos Lions',
      email: `jos${Date.now()}@example.test`,
      established_on: '2015-05-05',
      password: 'Str0ng@pass',
      state: 'Plateau',
      district: 'Jos North',
      sports: 'football',
      is_academy: 'true',
    };
    const fake = await signup(base, {
      name: 'licence',
      filename: 'licence.pdf',
      type: 'application/pdf',
      data: Buffer.from('MZ this is an exe'),
    });
    expect(fake.statusCode).toBe(400);
    expect(fake.json().message).toBe(AUTH_MESSAGES.licenceType);
    const missing = await signup(base);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe(AUTH_MESSAGES.licenceRequired);
    expect(await findUserByEmail(t.db, base.email)).toBeNull();
  });

  it('refuses an academy established in the future', async () => {
    const res = await signup(
      {
        username: 'Future FC',
        email: `f${Date.now()}@example.test`,
        established_on: '2999-01-01',
        password: 'Str0ng@pass',
        state: 'Lagos',
        district: 'Ikeja',
        sports: 'football',
        is_academy: 'true',
      },
      { name: 'licence', filename: 'l.pdf', type: 'application/pdf', data: PDF },
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().fields.established_on).toBe('Established date cannot be in the future');
  });
});
