import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '@touchline/db';
import { eq } from 'drizzle-orm';
import { AUTH_ERRORS, YOUR_DATA_ERRORS, YOUR_DATA_MESSAGES } from '@touchline/shared';
import { createTestApp, type TestApp, type TestUser } from '../../testing/test-app';
import { befriend, expectStatus } from '../chat/chat.test-support';
import { PASSWORD, userRow, withPassword } from './your-data.test-support';

type Listed = { id: string };
const idsOf = (list: Listed[]) => list.map((x) => x.id);

describe('DELETE /api/me: signed out and hidden at once, restorable for 30 days', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  const login = (email: string, password: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email, password, is_academy: false },
    });

  it('asks for the password: none is 400, a wrong one is 400, and nothing changes', async () => {
    const owner = await withPassword(t);
    const none = await owner.call('DELETE', '/api/me', {});
    expect(none.statusCode).toBe(400);
    expect(none.json()).toMatchObject({
      code: YOUR_DATA_ERRORS.confirmationRequired,
      message: YOUR_DATA_MESSAGES.passwordRequired,
    });
    const wrong = await owner.call('DELETE', '/api/me', { password: 'Wrong#2026' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({
      code: YOUR_DATA_ERRORS.confirmationWrong,
      message: YOUR_DATA_MESSAGES.passwordWrong,
    });
    expect(await userRow(t, owner.id)).toMatchObject({ isActive: true, deletedAt: null });
    await expectStatus(owner.call('GET', '/api/me'), 200);
  });

  it('signs out everywhere and hides the account from search, profile, feed, friends and suggestions', async () => {
    const owner = await withPassword(t, { username: 'Zubairu Leaving', state: 'Kano' });
    const friend = await t.createUser({ username: 'Friend Staying', state: 'Kano' });
    const stranger = await t.createUser({ username: 'Stranger Looking', state: 'Kano' });
    await befriend(owner, friend);
    await befriend(friend, stranger);
    const post = await expectStatus(
      owner.call('POST', '/api/post', { content: 'Leaving soon' }),
      201,
    );
    const friendsPost = await expectStatus(
      friend.call('POST', '/api/post', { content: 'Hi' }),
      201,
    );
    await expectStatus(
      owner.call('POST', `/api/add_comment/${friendsPost.json().id}`, { content: 'Bye all' }),
      201,
    );
    const secondTab = await t.signIn(owner);

    const visible = async () => ({
      search: idsOf((await stranger.call('GET', '/api/search?q=Zubairu')).json()),
      profile: (await friend.call('GET', `/api/profile/${owner.id}`)).statusCode,
      feed: idsOf((await friend.call('GET', '/api/home?page=1')).json().posts),
      friends: idsOf((await friend.call('GET', '/api/friends')).json().results),
      suggestions: idsOf((await stranger.call('GET', '/api/friend_suggestion')).json().results),
      comments: JSON.stringify(
        (await friend.call('GET', `/api/post/${friendsPost.json().id}`)).json(),
      ),
    });
    const before = await visible();
    expect(before.search).toContain(owner.id);
    expect(before.profile).toBe(200);
    expect(before.feed).toContain(post.json().id);
    expect(before.friends).toContain(owner.id);
    expect(before.suggestions).toContain(owner.id);
    expect(before.comments).toContain('Bye all');

    const res = await expectStatus(owner.call('DELETE', '/api/me', { password: PASSWORD }), 200);
    expect(res.json()).toMatchObject({ message: YOUR_DATA_MESSAGES.deleted, immediately: false });
    const days = (new Date(res.json().erase_after).getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThanOrEqual(30);

    // Every session ends: this tab and the other one are told the account was deleted.
    for (const headers of [owner.headers, secondTab.headers]) {
      const me = await t.app.inject({ method: 'GET', url: '/api/me', headers });
      expect(me.statusCode).toBe(401);
      expect(me.json()).toMatchObject({
        code: YOUR_DATA_ERRORS.accountDeleted,
        message: YOUR_DATA_MESSAGES.deleted,
      });
    }
    const sessions = await t.db
      .select()
      .from(schema.sessions)
      .where(eq(schema.sessions.userId, owner.id));
    expect(sessions.every((s) => s.revokedAt !== null)).toBe(true);
    // Sockets close on every instance through the block path's event.
    const revoked = await t.db
      .select()
      .from(schema.outbox)
      .where(eq(schema.outbox.type, 'user.sessions_revoked'));
    expect(revoked.map((r) => r.payload)).toContainEqual({ userId: owner.id });

    const after = await visible();
    expect(after.search).not.toContain(owner.id);
    expect(after.profile).toBe(404);
    expect(after.feed).not.toContain(post.json().id);
    expect(after.friends).not.toContain(owner.id);
    expect(after.suggestions).not.toContain(owner.id);
    expect(after.comments).not.toContain('Bye all');
  });

  it('signing in within the 30 days offers the restore; restoring brings everything back', async () => {
    const owner = await withPassword(t, { username: 'Comes Back' });
    const friend = await t.createUser();
    await befriend(owner, friend);
    await expectStatus(owner.call('DELETE', '/api/me', { password: PASSWORD }), 200);

    expect((await login(owner.email, 'Wrong#2026')).statusCode).toBe(400);
    const pending = await login(owner.email, PASSWORD);
    expect(pending.statusCode).toBe(409);
    expect(pending.json().code).toBe(YOUR_DATA_ERRORS.pendingDeletion);
    expect(pending.json().message).toMatch(/was deleted and will be erased on \d{1,2} \w+ \d{4}/);

    const restoreWith = (payload: object) =>
      t.app.inject({ method: 'POST', url: '/api/account/restore', payload });
    const wrong = await restoreWith({ email: owner.email, password: 'Wrong#2026' });
    expect(wrong.json().code).toBe(AUTH_ERRORS.invalidCredentials);
    const restored = await restoreWith({ email: owner.email, password: PASSWORD });
    expect(restored.statusCode).toBe(200);
    expect(restored.json().message).toBe(YOUR_DATA_MESSAGES.restored);
    expect(await userRow(t, owner.id)).toMatchObject({
      isActive: true,
      deletedAt: null,
      eraseAfter: null,
    });
    expect((await login(owner.email, PASSWORD)).statusCode).toBe(200);
    expect(idsOf((await friend.call('GET', '/api/friends')).json().results)).toContain(owner.id);
    const again = await restoreWith({ email: owner.email, password: PASSWORD });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe(YOUR_DATA_ERRORS.notPending);
  });

  it('an administrator unblocking a deleted account does not bring it back', async () => {
    const owner = await withPassword(t);
    const admin = await t.createUser({ role: 'admin' });
    await expectStatus(owner.call('DELETE', '/api/me', { password: PASSWORD }), 200);
    await expectStatus(admin.call('POST', `/api/admin/users/${owner.id}/unblock`, {}), 200);
    expect((await userRow(t, owner.id)).isActive).toBe(false);
  });

  it('the last administrator cannot delete their account; with another one they can', async () => {
    await t.db.update(schema.users).set({ isActive: false }).where(eq(schema.users.role, 'admin'));
    const admin = await withPassword(t, { role: 'admin' });
    const refused = await admin.call('DELETE', '/api/me', { password: PASSWORD });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      code: YOUR_DATA_ERRORS.lastAdmin,
      message: YOUR_DATA_MESSAGES.lastAdmin,
    });
    expect((await userRow(t, admin.id)).isActive).toBe(true);
    const other = await t.createUser({ role: 'admin' });
    await expectStatus(admin.call('DELETE', '/api/me', { password: PASSWORD }), 200);
    const audit = (await other.call('GET', '/api/admin/audit')).json();
    expect(audit.results).toContainEqual(
      expect.objectContaining({
        action: 'account.deletion_requested',
        target: expect.objectContaining({ id: admin.id }),
      }),
    );
  });

  it('tells the owner how to confirm: a password, or Google for an account without one', async () => {
    const owner: TestUser = await withPassword(t);
    expect((await owner.call('GET', '/api/me/deletion')).json()).toEqual({
      confirm_with: 'password',
      erase_after_days: 30,
      upcoming_trials: 0,
      open_registrations: 0,
    });
    const google = await t.createUser({ googleSub: 'g-deletion-info' });
    expect((await google.call('GET', '/api/me/deletion')).json().confirm_with).toBe('google');
  });
});
