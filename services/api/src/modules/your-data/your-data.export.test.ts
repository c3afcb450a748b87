import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { schema } from '@touchline/db';
import { waitFor } from '@touchline/drivers/testing';
import { YOUR_DATA_ERRORS, YOUR_DATA_MESSAGES } from '@touchline/shared';
import { createTestApp, type TestApp, type TestUser } from '../../testing/test-app';
import { befriend, expectStatus, sendText, threadOf } from '../chat/chat.test-support';
import { fetchMedia } from '../profiles/profiles.test-support';
import {
  exportSettled,
  json,
  postWithPicture,
  readZip,
  sendPicture,
} from './your-data.test-support';

type Conversation = {
  thread_name: string;
  partner_name: string;
  messages: { text: string; from_me: boolean; image: string | null; partner_sent_image: boolean }[];
};

describe('data export, end to end on the embedded queue', () => {
  let t: TestApp;
  let owner: TestUser;
  let friend: TestUser;
  let ownPicture: string;
  let friendPicture: string;
  let zip: Map<string, Buffer>;
  let exportId: string;

  beforeAll(async () => {
    t = await createTestApp({ workers: true });
    owner = await t.createUser({ username: 'Ada Export' });
    friend = await t.createUser({ username: 'Bola Friend' });
    await befriend(owner, friend);
    const post = await postWithPicture(t, owner, 'My first trial day at Ikeja');
    ownPicture = post.image;
    const friendsPost = await postWithPicture(t, friend, 'Bola on the ball');
    await expectStatus(owner.call('POST', `/api/like/${friendsPost.id}`), 200);
    await expectStatus(
      owner.call('POST', `/api/add_comment/${friendsPost.id}`, { content: 'Great touch, Bola' }),
      201,
    );
    const thread = await threadOf(owner, friend);
    await expectStatus(sendText(owner, thread, 'See you at training'), 201);
    await expectStatus(sendText(friend, thread, 'Bring the cones'), 201);
    friendPicture = (await sendPicture(t, friend, thread)).image;
  }, 60_000);
  afterAll(async () => t.close());

  it('starts with 202, is built by the worker and told in-app and by e-mail', async () => {
    const started = await expectStatus(owner.call('POST', '/api/me/export'), 202);
    expect(started.json()).toMatchObject({
      message: YOUR_DATA_MESSAGES.exportStarted,
      export: { status: 'pending', download_url: null },
    });
    exportId = started.json().export.id;
    const settled = await exportSettled(owner);
    expect(settled).toMatchObject({ id: exportId, status: 'ready' });
    expect(settled.download_url).toBe(`/api/me/export/${exportId}`);

    // Told right after it is marked ready (the same job).
    await waitFor(
      async () =>
        JSON.stringify((await owner.call('GET', '/api/notification')).json()).includes(
          YOUR_DATA_MESSAGES.exportReadyNotice,
        ),
      'the export-ready notice',
      30_000,
    );
    const mails = await t.db
      .select()
      .from(schema.emails)
      .where(
        and(eq(schema.emails.to, owner.email), eq(schema.emails.template, 'account.export_ready')),
      );
    expect(mails).toHaveLength(1);
  });

  it('downloads one ZIP with the JSON files, the posts, the messages and the own media', async () => {
    const res = await expectStatus(owner.call('GET', `/api/me/export/${exportId}`), 200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="touchline-data-/);
    zip = await readZip(res.rawPayload);
    for (const name of [
      'README.txt',
      'profile.json',
      'posts.json',
      'comments.json',
      'likes.json',
      'friends-and-follows.json',
      'messages.json',
      'registrations.json',
      'payments.json',
      'notifications.json',
      'consent.json',
      'media.json',
    ])
      expect(zip.has(name), name).toBe(true);

    expect(json(zip, 'profile.json')).toMatchObject({
      id: owner.id,
      email: owner.email,
      name: 'Ada Export',
      date_of_birth: owner.dob,
    });
    const posts = json(zip, 'posts.json') as { content: string; media: string | null }[];
    expect(posts.map((p) => p.content)).toEqual(['My first trial day at Ikeja']);
    expect(json(zip, 'comments.json')).toEqual([
      expect.objectContaining({ content: 'Great touch, Bola' }),
    ]);
    expect(json(zip, 'likes.json')).toEqual([
      expect.objectContaining({ post_author: 'Bola Friend' }),
    ]);
    expect(json(zip, 'friends-and-follows.json')).toMatchObject({
      friends: [{ id: friend.id, name: 'Bola Friend' }],
    });

    const [conversation] = json(zip, 'messages.json') as Conversation[];
    expect(conversation!.partner_name).toBe('Bola Friend');
    expect(conversation!.messages.map((m) => [m.text, m.from_me])).toEqual([
      ['See you at training', true],
      ['Bring the cones', false],
      ['', false],
    ]);
    // The friend's picture is theirs: marked, never included.
    expect(conversation!.messages[2]).toMatchObject({ image: null, partner_sent_image: true });

    // The post's picture is in media/, byte for byte what the site serves.
    const file = posts[0]!.media!;
    expect(file).toMatch(/^media\/[0-9a-f-]+\.(png|jpg|webp)$/);
    const served = await fetchMedia(t, ownPicture);
    expect(zip.get(file)?.equals(served.body)).toBe(true);
    const mediaFiles = [...zip.keys()].filter((name) => name.startsWith('media/'));
    expect(mediaFiles).toEqual([file]);
    const friendsFile = await fetchMedia(t, friendPicture);
    for (const name of mediaFiles) expect(zip.get(name)!.equals(friendsFile.body)).toBe(false);
  });

  it('is the owner’s only: anyone else and unknown ids answer 404', async () => {
    const res = await friend.call('GET', `/api/me/export/${exportId}`);
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe(YOUR_DATA_ERRORS.exportNotFound);
    const stranger = await t.createUser();
    expect((await stranger.call('GET', `/api/me/export/${exportId}`)).statusCode).toBe(404);
    expect((await stranger.call('GET', '/api/me/export')).json()).toEqual({
      export: null,
      next_export_at: null,
    });
    const unknown = '0190c6f1-0000-7000-8000-000000000000';
    expect((await owner.call('GET', `/api/me/export/${unknown}`)).statusCode).toBe(404);
    const anonymous = await t.app.inject({ method: 'GET', url: `/api/me/export/${exportId}` });
    expect(anonymous.statusCode).toBe(401);
  });

  it('allows one a day: a second answers 429 saying when the next is possible', async () => {
    const again = await owner.call('POST', '/api/me/export');
    expect(again.statusCode).toBe(429);
    expect(again.json().code).toBe(YOUR_DATA_ERRORS.exportTooSoon);
    expect(again.json().message).toMatch(/one export a day.*next export is possible from .+ at /i);
    const status = (await owner.call('GET', '/api/me/export')).json();
    expect(status.export.id).toBe(exportId);
    expect(new Date(status.next_export_at).getTime()).toBeGreaterThan(Date.now());
  });

  it('shows the request to administrators in the audit log', async () => {
    const admin = await t.createUser({ role: 'admin' });
    const audit = (await admin.call('GET', '/api/admin/audit')).json();
    expect(audit.results).toContainEqual(
      expect.objectContaining({
        action: 'account.export_requested',
        target: expect.objectContaining({ id: owner.id }),
      }),
    );
  });
});
