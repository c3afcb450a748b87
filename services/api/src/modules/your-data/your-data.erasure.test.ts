import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { schema } from '@touchline/db';
import { waitFor } from '@touchline/drivers/testing';
import { createJobHandlers } from '@touchline/worker';
import { AUTH_ERRORS, DELETED_USER_NAME } from '@touchline/shared';
import { createTestApp, manualClock, type TestApp } from '../../testing/test-app';
import { hashPassword } from '../auth/auth.passwords';
import { befriend, expectStatus, sendText, threadOf } from '../chat/chat.test-support';
import {
  FEE,
  paidRegistration,
  storedPayment,
  storedRegistration,
} from '../payments/payments.test-support';
import { fetchMedia, multipart } from '../profiles/profiles.test-support';
import { lagosDate, setTrial } from '../trials/trials.test-support';
import {
  PASSWORD,
  postWithPicture,
  sendPicture,
  userRow,
  withPassword,
} from './your-data.test-support';

const DAY = 24 * 60 * 60 * 1000;

describe('erasure 30 days after a deletion (an injected clock)', () => {
  const clock = manualClock();
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ clock });
  });
  afterAll(async () => t.close());

  /** Sessions made with the real time would have expired on the test's clock: renewed. */
  const keepSignedIn = (...userIds: string[]) =>
    Promise.all(
      userIds.map((id) =>
        t.db
          .update(schema.sessions)
          .set({ expiresAt: new Date(clock().getTime() + DAY) })
          .where(eq(schema.sessions.userId, id)),
      ),
    );

  const eraseDue = () =>
    createJobHandlers({ ...t.drivers, db: t.db, clock })['accounts.erase_due']({
      id: `accounts.erase_due:${clock().getTime()}`,
      name: 'accounts.erase_due',
      attempt: 1,
      data: {},
    });

  it('erases the data, keeps the payment without name or contact, and frees the e-mail', async () => {
    // A paid registration for a trial whose deadline has passed: it stays (and is kept).
    const { payer, trial, reference, registrationId } = await paidRegistration(t);
    await expectStatus(
      payer.call('POST', `/api/payments/sandbox/${reference}`, { outcome: 'success' }),
      200,
    );
    await setTrial(t, trial.id, { deadline: lagosDate(-1) });
    await t.db
      .update(schema.users)
      .set({ passwordHash: await hashPassword(PASSWORD), username: 'Erin Erased' })
      .where(eq(schema.users.id, payer.id));
    const friend = await t.createUser({ username: 'Femi Friend' });
    await befriend(payer, friend);
    const own = await postWithPicture(t, payer, 'Goodbye post');
    const friendsPost = await postWithPicture(t, friend, 'Femi post');
    await expectStatus(payer.call('POST', `/api/like/${friendsPost.id}`), 200);
    await expectStatus(
      payer.call('POST', `/api/add_comment/${friendsPost.id}`, { content: 'Nice' }),
      201,
    );
    const thread = await threadOf(payer, friend);
    await expectStatus(sendText(payer, thread, 'Secret plans'), 201);
    const picture = await sendPicture(t, payer, thread);
    await expectStatus(sendText(friend, thread, 'Reply from Femi'), 201);
    for (const url of [own.image, picture.image])
      expect((await fetchMedia(t, url)).res.statusCode).toBe(200);

    await expectStatus(payer.call('DELETE', '/api/me', { password: PASSWORD }), 200);
    clock.advance(29 * DAY);
    await eraseDue();
    expect((await userRow(t, payer.id)).erasedAt).toBeNull();
    expect((await fetchMedia(t, own.image)).res.statusCode).toBe(200);

    clock.advance(1 * DAY + 60_000);
    await eraseDue();
    await keepSignedIn(friend.id);
    const erased = await userRow(t, payer.id);
    expect(erased).toMatchObject({
      username: DELETED_USER_NAME,
      passwordHash: null,
      dob: null,
      isActive: false,
      profilePhotoMediaId: null,
    });
    expect(erased.email).not.toBe(payer.email);
    expect(erased.erasedAt).not.toBeNull();

    // Media URLs answer 404.
    for (const url of [own.image, picture.image])
      expect((await fetchMedia(t, url)).res.statusCode).toBe(404);
    // The friend's conversation: 'Deleted user', the messages deleted, the friend's own intact.
    const list = (await friend.call('GET', '/api/chat_list')).json();
    expect(list.threads[0]).toMatchObject({ thread_name: thread, unread_count: 0 });
    expect(list.threads[0].partner.username).toBe(DELETED_USER_NAME);
    const history = (await friend.call('GET', `/api/chat?threadName=${thread}`)).json();
    const texts = history.messages.map(
      (m: { text: string; deleted: boolean; sender_id: string }) => [
        m.sender_id === payer.id,
        m.text,
        m.deleted,
      ],
    );
    expect(texts).toEqual([
      [false, 'Reply from Femi', false],
      [true, '', true],
      [true, '', true],
    ]);
    // Likes and comments are gone from the friend's post and its counters.
    const view = (await friend.call('GET', `/api/post/${friendsPost.id}`)).json();
    expect(view).toMatchObject({ likes_count: 0, comments_count: 0, comments: [] });
    const posts = await t.db.select().from(schema.posts).where(eq(schema.posts.authorId, payer.id));
    expect(posts).toEqual([]);
    // The payment stays for the accounts, its registration without name or contact.
    const payment = await storedPayment(t, reference);
    expect(payment).toMatchObject({ status: 'succeeded', amountKobo: FEE, payerId: payer.id });
    expect(await storedRegistration(t, registrationId)).toMatchObject({
      name: DELETED_USER_NAME,
      email: '',
      phone: '',
    });
    // The administrators' records keep their ids.
    const audit = await t.db
      .select()
      .from(schema.adminAudit)
      .where(eq(schema.adminAudit.targetUserId, payer.id));
    expect(audit.map((a) => a.action).sort()).toEqual([
      'account.deletion_requested',
      'account.erased',
    ]);

    // The address signs in no more, and can sign up again.
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: payer.email, password: PASSWORD, is_academy: false },
    });
    expect(login.json().code).toBe(AUTH_ERRORS.invalidCredentials);
    const form = multipart({
      username: 'Erin Again',
      email: payer.email,
      dob: '1990-01-01',
      password: PASSWORD,
      state: 'Lagos',
      district: 'Ikeja',
      sport: 'football',
      customSport: '',
      is_academy: 'false',
    });
    const signup = await t.app.inject({ method: 'POST', url: '/api/signup', ...form });
    expect(signup.statusCode, signup.body).toBe(201);
  });
});

describe('an academy deleting its account', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('an academy: upcoming trials are cancelled at once, past ones kept under a deleted name', async () => {
    const academy = await withPassword(t, { role: 'academy', username: 'Closing FC' });
    const player = await t.createUser();
    const upcoming = await expectStatus(
      academy.call('POST', '/api/trial', trialBody('Next month')),
      201,
    );
    const past = await expectStatus(
      academy.call('POST', '/api/trial', trialBody('Last season')),
      201,
    );
    for (const trial of [upcoming, past])
      await expectStatus(
        player.call('POST', '/api/player_trial', {
          trial: trial.json().id,
          name: player.username,
          dob: player.dob,
          phone: '08031234567',
          email: player.email,
          state: 'Lagos',
          district: 'Ikeja',
          level: 'local',
          answers: [],
        }),
        201,
      );
    await setTrial(t, past.json().id, { trialDate: lagosDate(-30), deadline: lagosDate(-31) });

    const info = (await academy.call('GET', '/api/me/deletion')).json();
    expect(info.upcoming_trials).toBe(1);
    await expectStatus(
      academy.call('DELETE', '/api/me', { password: PASSWORD, immediately: true }),
      200,
    );
    const trials = await t.db
      .select()
      .from(schema.trials)
      .where(eq(schema.trials.academyId, academy.id));
    const byName = Object.fromEntries(trials.map((x) => [x.name, x]));
    expect(byName['Next month']).toMatchObject({
      status: 'cancelled',
      cancelReason: 'The academy has closed its Touchline account',
    });
    expect(byName['Last season']!.status).toBe('active');
    const events = await t.db
      .select()
      .from(schema.outbox)
      .where(eq(schema.outbox.type, 'trial.cancelled'));
    expect(events.map((e) => e.payload)).toContainEqual({ trialId: upcoming.json().id });

    // Erased at once (the worker's job, run here): the player's history keeps the past trial.
    await createJobHandlers({ ...t.drivers, db: t.db, clock: () => new Date() })['accounts.erase']({
      id: 'accounts.erase:academy',
      name: 'accounts.erase',
      attempt: 1,
      data: { userId: academy.id },
    });
    const history = (await player.call('GET', '/api/trial_history')).json().registrations;
    const kept = history.find((r: { trial: { id: string } }) => r.trial.id === past.json().id);
    expect(kept).toBeDefined();
    expect(JSON.stringify(kept)).not.toContain('Closing FC');
  });
});

function trialBody(name: string) {
  return {
    name,
    sport: 'football',
    state: 'Lagos',
    district: 'Ikeja',
    venue: 'Teslim Balogun Stadium',
    landmark: '',
    trial_date: lagosDate(30),
    start_time: '09:30',
    deadline: lagosDate(20),
    description: 'Bring your boots.',
  };
}

describe('DELETE /api/me with immediately: erased by the worker at once', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ workers: true });
  });
  afterAll(async () => t.close());

  it('the account is erased and its media answer 404 without waiting 30 days', async () => {
    const owner = await withPassword(t);
    const own = await postWithPicture(t, owner, 'Gone today');
    await expectStatus(
      owner.call('DELETE', '/api/me', { password: PASSWORD, immediately: true }),
      200,
    );
    await waitFor(
      async () => (await userRow(t, owner.id)).erasedAt !== null,
      'the erasure',
      30_000,
    );
    // The files go right after the erasure's commit, in the same job.
    await waitFor(
      async () => (await fetchMedia(t, own.image)).res.statusCode === 404,
      'the picture to answer 404',
      30_000,
    );
    expect((await userRow(t, owner.id)).username).toBe(DELETED_USER_NAME);
  });
});
