import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { ERROR_CODES } from '@touchline/shared';
import type { InjectOptions } from 'fastify';
import { createTestApp, type TestApp } from './test-app';

/** A multipart body of text fields (what the browser's forms send). */
function form(fields: Record<string, string>) {
  const boundary = `----touchline${randomUUID()}`;
  const body = Object.entries(fields)
    .map(([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`)
    .join('');
  return {
    payload: Buffer.from(`${body}--${boundary}--\r\n`),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

const NUL = '\u0000';
let t: TestApp;
let headers: Record<string, string>;
let postId: string;

beforeAll(async () => {
  t = await createTestApp();
  const user = await t.createUser({ email: 'nul-tester@example.test' });
  headers = (await t.signIn(user)).headers;
  const post = form({ content: 'hello' });
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/post',
    headers: { ...headers, ...post.headers },
    payload: post.payload,
  });
  postId = (created.json() as { id: string }).id;
});
afterAll(async () => t?.close());

describe('the address check on an anonymous route', () => {
  it('answers the worst case for the old pattern with 400 (the old pattern took minutes)', async () => {
    const email = `a@${'a.'.repeat(500_000)}@`;
    const res = await t.app.inject({ method: 'POST', url: '/api/forget_pass', payload: { email } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: ERROR_CODES.validation });
  });
});

describe('a NUL character in any text input', () => {
  const cases: [string, () => InjectOptions][] = [
    [
      'login',
      () => ({
        method: 'POST',
        url: '/api/login',
        payload: { email: `a${NUL}@b.c`, password: 'x' },
      }),
    ],
    [
      'token',
      () => ({
        method: 'POST',
        url: '/api/token/',
        payload: { email: 'a@b.c', password: `P${NUL}ss1!` },
      }),
    ],
    [
      'refresh',
      () => ({ method: 'POST', url: '/api/token/refresh/', payload: { refresh: `r${NUL}` } }),
    ],
    [
      'signup',
      () => ({
        method: 'POST',
        url: '/api/signup',
        ...form({
          username: `Ada${NUL}`,
          email: 'ada-nul@example.test',
          dob: '2000-01-01',
          password: 'Passw0rd!',
          state: 'Lagos',
          district: 'Ikeja',
          sport: 'football',
        }),
      }),
    ],
    [
      'forgot password',
      () => ({ method: 'POST', url: '/api/forget_pass', payload: { email: `a@b.c${NUL}` } }),
    ],
    [
      'resend',
      () => ({ method: 'POST', url: '/api/resend_otp', payload: { email: `${NUL}a@b.c` } }),
    ],
    [
      'code verification',
      () => ({
        method: 'PUT',
        url: '/api/otp_verification',
        payload: { email: 'a@b.c', otp: `12345${NUL}` },
      }),
    ],
    [
      'reset password',
      () => ({
        method: 'POST',
        url: '/api/reset_password',
        payload: { reset_token: NUL, password: 'Passw0rd!' },
      }),
    ],
    [
      'profile',
      () => ({ method: 'POST', url: '/api/profile', headers, payload: { bio: `About me${NUL}` } }),
    ],
    [
      'post (form)',
      () => {
        const body = form({ content: `Hi${NUL}` });
        return {
          method: 'POST',
          url: '/api/post',
          headers: { ...headers, ...body.headers },
          payload: body.payload,
        };
      },
    ],
    [
      'post (JSON)',
      () => ({ method: 'POST', url: '/api/post', headers, payload: { content: `Hi${NUL}` } }),
    ],
    [
      'post edit',
      () => ({
        method: 'PATCH',
        url: `/api/post/${postId}`,
        headers,
        payload: { content: `Hi${NUL}` },
      }),
    ],
    [
      'comment',
      () => ({
        method: 'POST',
        url: `/api/add_comment/${postId}`,
        headers,
        payload: { content: `Nice${NUL}` },
      }),
    ],
    [
      'report',
      () => ({
        method: 'POST',
        url: '/api/report',
        headers,
        payload: { target: 'post', id: postId, reason: 'other', details: `x${NUL}` },
      }),
    ],
    ['search', () => ({ method: 'GET', url: `/api/search?q=ab%00c`, headers })],
    [
      'search results',
      () => ({ method: 'GET', url: `/api/search/results?q=ab%00c&type=Player`, headers }),
    ],
    ['a path parameter', () => ({ method: 'GET', url: '/api/profile/%00', headers })],
    [
      'an object key',
      () => ({
        method: 'POST',
        url: '/api/login',
        payload: { [`email${NUL}`]: 'a@b.c', password: 'x' },
      }),
    ],
  ];

  it.each(cases)('%s: answers 400 invalid_character', async (_name, request) => {
    const res = await t.app.inject(request());
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body).toMatchObject({ code: ERROR_CODES.invalidCharacter });
    expect(body.message).toEqual(expect.any(String));
  });
});
