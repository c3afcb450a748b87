import type { APIRequestContext, Page, TestInfo } from '@playwright/test';
import { expect, test } from '@playwright/test';
import { expectAccessible } from './a11y';
import { signInAs } from './support';

/**
 * Every route of the SPA (web/src/app/routes.ts), opened by the role that may open it, checked
 * by axe at the project's width (desktop and phone): no serious or critical WCAG 2.1 A/AA
 * violation. The journeys check the screens they reach in other states (forms filled, dialogs
 * open); this list makes sure no screen is missed. docs/decisions.md §40.
 */

const PLAYER = 'player@touchline.test';
const ACADEMY = 'academy@touchline.test';
const ADMIN = 'admin@touchline.test';

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

type Ids = { trial: string; registrable: string; post: string; thread: string | null };

/** The demo world's ids the routes need, read as the demo player. */
async function demoIds(request: APIRequestContext, access: string): Promise<Ids> {
  const trials = await request.get('/api/trial', { headers: bearer(access) });
  expect(trials.ok()).toBe(true);
  const { trials: open } = (await trials.json()) as {
    trials: { id: string; my_registration: unknown }[];
  };
  const home = await request.get('/api/home', { headers: bearer(access) });
  expect(home.ok()).toBe(true);
  const { posts } = (await home.json()) as { posts: { id: string }[] };
  const chats = await request.get('/api/chat_list', { headers: bearer(access) });
  expect(chats.ok()).toBe(true);
  const { threads } = (await chats.json()) as { threads: { thread_name: string }[] };
  const registrable = open.find((trial) => trial.my_registration === null) ?? open[0];
  expect(registrable, 'an open trial in the demo world').toBeDefined();
  expect(posts[0], 'a post on the demo home feed').toBeDefined();
  return {
    trial: open[0]!.id,
    registrable: registrable!.id,
    post: posts[0]!.id,
    thread: threads[0]?.thread_name ?? null,
  };
}

/** Opens `path`, waits until its first heading and its data have arrived, and runs axe. */
async function visit(page: Page, testInfo: TestInfo, path: string) {
  await test.step(path, async () => {
    await page.goto(path);
    await expect(page.getByRole('heading').first()).toBeVisible();
    await page.waitForLoadState('networkidle');
    await expectAccessible(page, testInfo, `route ${path}`);
  });
}

test.describe('every screen is accessible (axe, WCAG 2.1 AA, no serious or critical violation)', () => {
  test('the signed-out screens', async ({ page }, testInfo) => {
    test.setTimeout(120_000);
    for (const path of [
      '/',
      '/signup',
      '/forget_password',
      '/reset_password',
      '/academy/login',
      '/academy/signup',
      '/admin/login',
      '/unauthenticated',
      '/dev/mailbox',
      '/no-such-page',
    ]) {
      await visit(page, testInfo, path);
    }
  });

  test("a player's screens", async ({ page, request }, testInfo) => {
    test.setTimeout(180_000);
    const { access } = await signInAs(page, request, PLAYER, 'player');
    const ids = await demoIds(request, access);
    for (const path of [
      '/home',
      '/welcome',
      '/profile',
      '/view_achievements',
      '/view_experience',
      '/view_posts',
      `/view_post_details/${ids.post}`,
      '/search?search=a',
      '/list_trials',
      `/trial_details/${ids.trial}`,
      `/register_trial/${ids.registrable}`,
      '/trial_history',
      '/payment_success',
      '/payment_failed',
      '/friends',
      '/following',
      '/friend_request_list',
      '/sent_request_list',
      '/chat',
      ...(ids.thread ? [`/chat/${ids.thread}`] : []),
      '/notification',
      '/settings',
    ]) {
      await visit(page, testInfo, path);
    }
  });

  test("an academy's screens", async ({ page, request }, testInfo) => {
    test.setTimeout(120_000);
    const { access } = await signInAs(page, request, ACADEMY, 'academy');
    const mine = await request.get('/api/academy_trials', { headers: bearer(access) });
    expect(mine.ok()).toBe(true);
    const { trials } = (await mine.json()) as { trials: { id: string }[] };
    expect(trials[0], "one of the academy's trials").toBeDefined();
    for (const path of [
      '/academy/home',
      '/academy/profile',
      '/academy/add_trial',
      '/academy/list_trials',
      `/academy/trial_details/${trials[0]!.id}`,
      '/chat',
      '/notification',
      '/settings',
    ]) {
      await visit(page, testInfo, path);
    }
  });

  test("an administrator's screens", async ({ page, request }, testInfo) => {
    test.setTimeout(120_000);
    await signInAs(page, request, ADMIN, 'admin');
    for (const path of [
      '/admin/home',
      '/admin/academyview',
      '/admin/playerview',
      '/admin/trialview',
      '/admin/accounts',
      '/admin/reports',
      '/admin/audit',
      '/admin/consents',
      '/admin/queues',
      '/admin/chat',
    ]) {
      await visit(page, testInfo, path);
    }
  });
});
