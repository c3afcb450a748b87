import { expect, test } from '@playwright/test';
import { keepScreenshot } from './support';

test.describe('app shell', () => {
  for (const [from, to] of [
    ['/home', '/'],
    ['/academy/home', '/academy/login'],
    ['/admin/home', '/admin/login'],
  ] as const) {
    test(`a signed-out visitor to ${from} lands on ${to}`, async ({ page }) => {
      await page.goto(from);
      await expect(page).toHaveURL((url) => url.pathname === to);
      // The redirect replaced the entry: going back leaves the app instead of bouncing.
      expect(await page.evaluate(() => history.length)).toBe(2);
    });
  }

  test('an unknown path shows the 404 page', async ({ page }, testInfo) => {
    await page.goto('/no-such-page');
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    await expect(page.getByText('404', { exact: true })).toBeVisible();
    await expect(page).toHaveTitle(/Page not found/);
    await keepScreenshot(page, testInfo, 'not-found');
  });

  test('/unauthenticated explains the 401', async ({ page }, testInfo) => {
    await page.goto('/unauthenticated');
    await expect(page.getByRole('heading', { name: 'Authentication Error' })).toBeVisible();
    await expect(
      page.getByText('You do not have the permission to access this page'),
    ).toBeVisible();
    await expect(page.getByText('401', { exact: true })).toBeVisible();
    await keepScreenshot(page, testInfo, 'unauthenticated');
  });

  test('/sample shows the skeleton placeholder', async ({ page }, testInfo) => {
    await page.goto('/sample');
    await expect(page.getByRole('status', { name: 'Loading page' })).toBeVisible();
    await keepScreenshot(page, testInfo, 'sample');
  });

  test('a screen that is still loading shows four pulsing cards', async ({ page }, testInfo) => {
    // Hold the 401 page's code back so the loading placeholder stays on screen.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/unauthenticated-page-.*\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/unauthenticated');
    const placeholder = page.getByRole('status').filter({ hasText: 'Loading' });
    await expect(placeholder).toBeVisible();
    await expect(page.getByTestId('skeleton-card')).toHaveCount(4);
    await keepScreenshot(page, testInfo, 'loading-placeholder');
    release();
    await expect(page.getByRole('heading', { name: 'Authentication Error' })).toBeVisible();
  });

  test('/dev/mailbox lists the development mailbox', async ({ page }, testInfo) => {
    await page.goto('/dev/mailbox');
    await expect(page.getByRole('heading', { name: 'Development mailbox' })).toBeVisible();
    await expect(page.getByLabel('E-mail address')).toBeVisible();
    await expect(page.getByRole('region', { name: 'Messages' })).toBeVisible();
    await page.getByLabel('E-mail address').fill('nobody@touchline.test');
    await page.getByRole('button', { name: 'Show messages' }).click();
    await expect(page).toHaveURL(/\/dev\/mailbox\?to=nobody%40touchline\.test$/);
    await expect(page.getByText('No messages for this address yet.')).toBeVisible();
    await keepScreenshot(page, testInfo, 'dev-mailbox');
  });
});
