import { describe, expect, it } from 'vitest';
import { DEFAULT_AVATAR_URL } from '@touchline/shared';
import { createTestApp, silentLogger } from '../testing/test-app';
import { listDevMailbox } from '@touchline/db/emails';
import { createGuardianAsker } from '../modules/guardians/guardians.requests';
import { DEMO_PASSWORD, DEMO_TOBI_GUARDIAN, seedDemoWorld } from './demo';

describe('the embedded demo world', () => {
  it('seeds once, its logins work in their own areas, and its notifications come through the pipeline', async () => {
    const t = await createTestApp({ workers: true });
    const deps = {
      db: t.db,
      storage: t.drivers.storage,
      logger: silentLogger,
      askGuardian: createGuardianAsker({
        clock: () => new Date(),
        publicUrl: 'http://localhost:3000',
        secretBox: t.drivers.secretBox,
      }),
    };
    const first = await seedDemoWorld(deps);
    expect(first.seeded).toBe(true);
    expect((await seedDemoWorld(deps)).seeded).toBe(false);

    // Tobi (14) waits for his guardian, whose consent link is in the development mailbox.
    let consentMail: { subject: string; text: string } | undefined;
    for (const deadline = Date.now() + 60_000; !consentMail && Date.now() < deadline;) {
      [consentMail] = await listDevMailbox(t.db, { to: DEMO_TOBI_GUARDIAN, limit: 5 });
      if (!consentMail) await new Promise((r) => setTimeout(r, 50));
    }
    expect(consentMail?.text).toMatch(/http:\/\/localhost:3000\/guardian\/consent\/[\w-]{20,}/);
    expect(consentMail?.text).toContain('Tobi Adeyemi');

    const login = (email: string, area: object = {}) =>
      t.app.inject({
        method: 'POST',
        url: '/api/token/',
        payload: { email, password: DEMO_PASSWORD, ...area },
      });
    expect((await login('admin@touchline.test', { is_admin: true })).statusCode).toBe(200);
    expect((await login('academy@touchline.test', { is_academy: true })).statusCode).toBe(200);
    // Every printed login signs in where the banner sends it (the guardian's included).
    expect(first.logins.map((l) => l.role)).toEqual(['admin', 'academy', 'player', 'guardian']);
    expect((await login('guardian@touchline.test', { is_guardian: true })).statusCode).toBe(200);
    const player = await login('player@touchline.test');
    expect(player.statusCode).toBe(200);
    const headers = { authorization: `Bearer ${player.json().access}` };

    /** Polls a user's notification texts until every expected one arrived (the workers run). */
    const notificationsOf = async (auth: { authorization: string }, expected: string[]) => {
      let texts: string[] = [];
      const deadline = Date.now() + 60_000;
      while (Date.now() < deadline && !expected.every((text) => texts.includes(text))) {
        texts = (await t.app.inject({ method: 'GET', url: '/api/notification', headers: auth }))
          .json()
          .results.map((n: { text: string }) => n.text);
        await new Promise((r) => setTimeout(r, 50));
      }
      return texts;
    };
    const tundeExpects = [
      'Chidi Okafor sent you a friend request',
      'You have been selected at Lagos Stars Summer Screening',
      'Your place at Lagos Stars Elite Camp was released because payment was not completed',
      'New message from Emeka Nwosu',
      'New message from Lagos Stars Academy',
    ];
    expect((await notificationsOf(headers, tundeExpects)).sort()).toEqual(tundeExpects.sort());
    // The seeded request is between two adults, so it can be accepted (supplement §13).
    const received = (
      await t.app.inject({ method: 'GET', url: '/api/friend_request', headers })
    ).json();
    expect(received.results.map((p: { username: string }) => p.username)).toEqual(['Chidi Okafor']);
    const accepted = await t.app.inject({
      method: 'POST',
      url: `/api/friend_request_accept/${received.results[0].id}`,
      headers,
    });
    expect(accepted.statusCode).toBe(200);
    const profile = (await t.app.inject({ method: 'GET', url: '/api/profile', headers })).json();
    expect(profile).toMatchObject({
      username: 'Tunde Bakare',
      position: 'CM',
      open_to_work: true,
      achievements_count: 1,
      post_count: 3,
    });

    // Tunde's feed: his own posts, then popular ones from Lagos or football, never a minor's.
    const home = (await t.app.inject({ method: 'GET', url: '/api/home', headers })).json();
    const authors = new Set(home.posts.map((p: { user: string }) => p.user));
    expect(authors).toEqual(new Set(['Tunde Bakare', 'Lagos Stars Academy', 'Kemi Adeyemi']));
    expect(home.user).toMatchObject({
      username: 'Tunde Bakare',
      post_count: 3,
      open_to_work: true,
    });
    expect(home.academies.map((a: { username: string }) => a.username)).toContain(
      'Lagos Stars Academy',
    );
    const trials = home.posts.find((p: { content: string }) => p.content.startsWith('Open trials'));
    expect(trials.image).toMatch(/^\/media\/images\/.+\.display\.jpg$/);
    expect((await t.app.inject({ method: 'GET', url: trials.image })).statusCode).toBe(200);
    expect(trials.likes_count).toBe(3);
    expect(trials.comments_count).toBe(2);
    // A reply chain three deep under the first comment.
    let depth = 0;
    for (let c = trials.comments[0]; c; c = c.replies[0]) depth = c.depth;
    expect(depth).toBe(3);
    // The academies and two players have profile pictures; Tunde keeps the default avatar.
    expect(trials.profile_photo).toMatch(/^\/media\/images\/.+\.thumb\.png$/);
    expect((await t.app.inject({ method: 'GET', url: trials.profile_photo })).statusCode).toBe(200);
    const tundes = home.posts.find((p: { user: string }) => p.user === 'Tunde Bakare');
    expect(tundes.profile_photo).toBe(DEFAULT_AVATAR_URL);

    // Trials: 'Top Trials' on the home page are the open ones with the most registrations.
    // (Amaka's place held for her guardian counts against the Open Trial's capacity.)
    expect(home.trials.map((x: { name: string }) => x.name)).toEqual([
      'Lagos Stars Open Trial',
      'Lagos Stars Elite Camp',
      'Abuja Hoops Youth Tryout',
    ]);
    expect(home.trials[0].image).toMatch(/^\/media\/.+\.jpg$/);
    const get = (url: string, auth = headers) =>
      t.app.inject({ method: 'GET', url, headers: auth });
    const listed = (await get('/api/trial')).json();
    const byName = new Map(listed.trials.map((x: { name: string }) => [x.name, x] as const)) as Map<
      string,
      Record<string, unknown>
    >;
    for (const name of [
      'Lagos Stars Open Trial',
      'Lagos Stars Elite Camp',
      'Abuja Hoops Youth Tryout',
    ])
      expect(byName.has(name)).toBe(true);
    expect(byName.has('Abuja Hoops Night Session')).toBe(false); // cancelled
    // Nearly full: a paid place and a pending hold of three; Tunde's failed payment freed his.
    const elite = byName.get('Lagos Stars Elite Camp')!;
    expect(elite).toMatchObject({
      registration_fee: 500_000,
      total_participant_limit: 3,
      registered_count: 2,
      places_left: 1,
    });
    expect(elite.image).toMatch(/^\/media\//);
    const history = (await get('/api/trial_history')).json();
    expect(
      history.registrations
        .map((r: { trial: { name: string }; status: string; payment: { status: string } | null }) =>
          [r.trial.name, r.status, r.payment?.status ?? null].join(' / '),
        )
        .sort(),
    ).toEqual([
      'Lagos Stars Elite Camp / expired / failed',
      'Lagos Stars Summer Screening / selected / ',
    ]);
    // The academy sees its registrants in every state, with their answers and payments.
    const academy = await login('academy@touchline.test', { is_academy: true });
    const academyHeaders = { authorization: `Bearer ${academy.json().access}` };
    const registrants = (
      await get(`/api/players_in_trial_list/${elite.id as string}`, academyHeaders)
    ).json().registrants as { name: string; status: string; payment_status: string | null }[];
    expect(registrants.map((r) => `${r.name}: ${r.status}, ${r.payment_status}`).sort()).toEqual([
      'Chidi Okafor: pending_payment, pending',
      'Kemi Adeyemi: registered, succeeded',
      'Tunde Bakare: expired, failed',
    ]);
    // Conversations: Tunde's, newest activity first, with his unread messages counted.
    const chats = (await get('/api/chat_list')).json() as {
      threads: {
        thread_name: string;
        partner: { username: string };
        unread_count: number;
        last_message: { text: string } | null;
      }[];
    };
    expect(chats.threads.map((c) => [c.partner.username, c.unread_count])).toEqual([
      ['Lagos Stars Academy', 1],
      ['Emeka Nwosu', 2],
    ]);
    expect(chats.threads[0]!.last_message?.text).toMatch(/^Training for the new intake/);
    expect((await get('/api/chat_unread')).json()).toEqual({ unread_total: 3 });
    const withEmeka = (
      await get(`/api/chat?threadName=${chats.threads[1]!.thread_name}`)
    ).json() as { messages: { text: string; edited_at: string | null }[]; has_more: boolean };
    expect(withEmeka.has_more).toBe(false);
    expect(withEmeka.messages).toHaveLength(12);
    expect(withEmeka.messages[0]!.text).toMatch(/^Also Saturday is still on/);
    expect(withEmeka.messages.filter((m) => m.edited_at !== null)).toHaveLength(1);
    // The academy: its conversations with Tunde, Musa (who follows it) and the administrator.
    const starsChats = (await get('/api/chat_list', academyHeaders)).json() as {
      threads: { partner: { username: string }; unread_count: number }[];
    };
    expect(starsChats.threads.map((c) => [c.partner.username, c.unread_count])).toEqual([
      ['Musa Ibrahim', 1],
      ['Tunde Bakare', 0],
      ['Touchline Admin', 0],
    ]);
    expect(await notificationsOf(academyHeaders, ['New message from Musa Ibrahim'])).toContain(
      'New message from Musa Ibrahim',
    );
    // Every seeded conversation is one the rules allow (§7, §13): each member may open it again.
    const amakaToken = (await login('amaka@touchline.test')).json().access as string;
    for (const auth of [headers, academyHeaders, { authorization: `Bearer ${amakaToken}` }]) {
      const mine = (await get('/api/chat_list', auth)).json() as {
        threads: { thread_name: string; partner: { id: string } }[];
      };
      expect(mine.threads.length).toBeGreaterThan(0);
      for (const thread of mine.threads) {
        const reopened = await t.app.inject({
          method: 'POST',
          url: '/api/chat',
          headers: auth,
          payload: { receiver_id: thread.partner.id },
        });
        expect([reopened.statusCode, reopened.json()]).toEqual([
          200,
          { thread_name: thread.thread_name },
        ]);
      }
    }

    // The cancelled trial's paid registrant is refunded through the sandbox and told (the worker).
    const amaka = await login('amaka@touchline.test');
    const amakaHeaders = { authorization: `Bearer ${amaka.json().access}` };
    const amakaExpects = [
      'Abuja Hoops Night Session has been cancelled',
      'Your payment for Abuja Hoops Night Session has been refunded',
    ];
    const amakaTexts = await notificationsOf(amakaHeaders, amakaExpects);
    for (const text of amakaExpects) expect(amakaTexts).toContain(text);
    const amakaHistory = (await get('/api/trial_history', amakaHeaders)).json();
    expect(
      amakaHistory.registrations
        .map((r: { trial: { name: string }; status: string; payment: { status: string } | null }) =>
          [r.trial.name, r.status, r.payment?.status].join(' / '),
        )
        .sort(),
    ).toEqual([
      'Abuja Hoops Night Session / trial_cancelled / refunded',
      'Abuja Hoops Youth Tryout / registered / succeeded',
      'Lagos Stars Open Trial / awaiting_guardian / ',
    ]);
    // Amaka's registration for the Open Trial waits for guardian@'s approval; Lagos Stars sees
    // nothing of it until then (decision 42).
    const guardian = await login('guardian@touchline.test', { is_guardian: true });
    const guardianHeaders = { authorization: `Bearer ${guardian.json().access}` };
    const children = (await get('/api/guardian/children', guardianHeaders)).json().results as {
      id: string;
      username: string;
    }[];
    const amakaChild = children.find((c) => c.username === 'Amaka Obi')!;
    const detail = (await get(`/api/guardian/children/${amakaChild.id}`, guardianHeaders)).json();
    expect(detail.approvals.map((a: { trial: { name: string } }) => a.trial.name)).toEqual([
      'Lagos Stars Open Trial',
    ]);
    const open = byName.get('Lagos Stars Open Trial')!;
    const openRegistrants = (
      await get(`/api/players_in_trial_list/${open.id as string}`, academyHeaders)
    ).json().registrants as { name: string }[];
    expect(openRegistrants.map((r) => r.name)).not.toContain('Amaka Obi');
    await t.close();
  }, 240_000);
});
