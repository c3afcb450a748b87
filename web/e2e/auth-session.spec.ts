import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { STRONG_PASSWORD, apiSignIn, createPlayer, logIn, uniqueEmail } from './auth-support';
import { keepScreenshot } from './support';

const ADMIN = 'admin@touchline.test';
const DEMO_PASSWORD = 'Touchline@2026';

/** A fresh verified player, signed in through the login screen and on /home. */
async function signedInPlayer(
  page: Page,
  request: Parameters<typeof createPlayer>[0],
  email: string,
  name: string,
) {
  await createPlayer(request, { name, email });
  await page.goto('/');
  await logIn(page, email, STRONG_PASSWORD);
  await expect(page).toHaveURL((url) => url.pathname === '/home');
  await expect(page.getByRole('heading', { name: new RegExp(name) })).toBeVisible();
}

const stored = (page: Page, key: string) => page.evaluate((k) => localStorage.getItem(k), key);

test.describe('session end', () => {
  test('a player blocked by an administrator is told and thrown out', async ({
    page,
    request,
  }, testInfo) => {
    const name = 'Femi Blocked';
    await signedInPlayer(page, request, uniqueEmail('blocked', testInfo), name);
    const userId = await page.evaluate(
      () =>
        (JSON.parse(localStorage.getItem('root') ?? '{}') as { auth?: { user_id?: string } }).auth
          ?.user_id,
    );
    expect(userId).toBeTruthy();

    const admin = await apiSignIn(request, ADMIN, DEMO_PASSWORD, { is_admin: true });
    const block = await request.post(`/api/admin/users/${userId}/block`, {
      headers: { Authorization: `Bearer ${admin.access}` },
      data: { reason: 'End-to-end test of blocking' },
    });
    expect(block.ok(), await block.text()).toBe(true);

    await expect(page.getByText('You account is blocked')).toBeVisible({ timeout: 8_000 });
    await keepScreenshot(page, testInfo, 'auth-blocked');
    await expect(page).toHaveURL((url) => url.pathname === '/', { timeout: 8_000 });
    await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
  });

  test('an expired access token is refreshed; reusing an old refresh token ends the session', async ({
    page,
    request,
  }, testInfo) => {
    const name = 'Ngozi Rotate';
    await signedInPlayer(page, request, uniqueEmail('rotate', testInfo), name);
    const firstRefresh = await stored(page, 'refresh');
    expect(firstRefresh).toBeTruthy();

    // An access token whose `exp` has passed: the client refreshes it before using it.
    await page.evaluate(() => {
      const b64 = (value: object) =>
        btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
      const past = Math.floor(Date.now() / 1000) - 60;
      localStorage.setItem(
        'access',
        `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64({ exp: past })}.x`,
      );
    });
    await page.reload();
    await expect(page.getByRole('heading', { name: new RegExp(name) })).toBeVisible();
    await expect.poll(() => stored(page, 'refresh')).not.toBe(firstRefresh);
    await expect(page).toHaveURL((url) => url.pathname === '/home');

    // The rotated-out token used again: the server revokes the whole session family.
    const reuse = await request.post('/api/token/refresh/', { data: { refresh: firstRefresh } });
    expect(reuse.status()).toBe(401);

    await expect(page.getByText('session expired try login again')).toBeVisible({
      timeout: 8_000,
    });
    await keepScreenshot(page, testInfo, 'auth-session-expired');
    await expect(page).toHaveURL((url) => url.pathname === '/', { timeout: 8_000 });
    expect(await stored(page, 'refresh')).toBeNull();
  });
});
