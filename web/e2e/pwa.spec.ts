import type { Page } from '@playwright/test';
import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { keepScreenshot, signInAs } from './support';

// Emeka, the demo player's friend: no other journey signs him in.
const EMEKA = 'emeka@touchline.test';

type Manifest = {
  name: string;
  short_name: string;
  start_url: string;
  display: string;
  theme_color: string;
  background_color: string;
  icons: { src: string; sizes: string; type: string; purpose?: string }[];
};

/** Waits until the service worker is active and controls the page. */
async function controlledByServiceWorker(page: Page) {
  await page.waitForFunction(
    () => navigator.serviceWorker.controller?.state === 'activated',
    undefined,
    { timeout: 30_000, polling: 250 },
  );
}

/** Every URL in the page's Cache Storage. */
async function cachedUrls(page: Page) {
  return page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      for (const request of await cache.keys()) urls.push(new URL(request.url).pathname);
    }
    return urls;
  });
}

test.describe('installable app', () => {
  test('the manifest is served, linked and valid, with its icons', async ({
    page,
    request,
  }, testInfo) => {
    const answer = await request.get('/manifest.webmanifest');
    expect(answer.status()).toBe(200);
    expect(answer.headers()['content-type']).toMatch(/^application\/manifest\+json/);
    const manifest = (await answer.json()) as Manifest;
    expect(manifest).toMatchObject({
      name: 'Touchline',
      short_name: 'Touchline',
      start_url: '/home',
      display: 'standalone',
      theme_color: '#047857',
      background_color: '#f8fafc',
    });
    for (const [size, purpose] of [
      [192, 'any'],
      [512, 'any'],
      [512, 'maskable'],
    ] as const) {
      const icon = manifest.icons.find(
        (i) => i.sizes === `${size}x${size}` && (i.purpose ?? 'any') === purpose,
      );
      expect(icon, `a ${size}px ${purpose} icon`).toBeTruthy();
      const file = await request.get(icon!.src);
      expect(file.status()).toBe(200);
      expect(file.headers()['content-type']).toBe('image/png');
      const meta = await sharp(await file.body()).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['png', size, size]);
    }

    // The worker script is revalidated on every update check (never a stale worker for an hour).
    const worker = await request.get('/sw.js');
    expect(worker.status()).toBe(200);
    expect(worker.headers()['content-type']).toMatch(/javascript/);
    expect(worker.headers()['cache-control']).toBe('no-cache');

    await page.goto('/');
    await expect(page.locator('link[rel="manifest"]')).toHaveAttribute(
      'href',
      '/manifest.webmanifest',
    );
    await controlledByServiceWorker(page);
    // Chromium's own reading of the manifest: no errors, and nothing keeps it from installing.
    const cdp = await page.context().newCDPSession(page);
    const read = (await cdp.send('Page.getAppManifest')) as {
      errors: { message: string }[];
      url: string;
    };
    expect(read.url).toMatch(/\/manifest\.webmanifest$/);
    expect(read.errors).toEqual([]);
    const installability = (await cdp.send('Page.getInstallabilityErrors')) as {
      installabilityErrors: { errorId: string }[];
    };
    // Playwright's contexts are incognito windows, where Chromium never installs; that is the only
    // reason allowed.
    expect(installability.installabilityErrors.filter((e) => e.errorId !== 'in-incognito')).toEqual(
      [],
    );

    // The install offer: the bar the browser's `beforeinstallprompt` opens (dispatched here, as
    // a headless browser never judges the engagement that makes Chromium offer it).
    await page.evaluate(() => {
      const offer = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
        prompt: () => Promise.resolve(),
        userChoice: Promise.resolve({ outcome: 'dismissed' }),
      });
      window.dispatchEvent(offer);
    });
    const bar = page.getByRole('region', { name: 'Install Touchline' });
    await expect(bar.getByRole('button', { name: 'Install app' })).toBeVisible();
    await keepScreenshot(page, testInfo, 'pwa-install', { fullPage: false });
    await bar.getByRole('button', { name: 'Not now' }).click();
    await expect(bar).toHaveCount(0);
  });

  test('the service worker controls the page; offline, the app opens to "You are offline" and no API answer or media is cached', async ({
    page,
    request,
  }, testInfo) => {
    await signInAs(page, request, EMEKA, 'player');
    await page.goto('/home');
    await expect(page.locator('article').first()).toBeVisible({ timeout: 20_000 });
    await controlledByServiceWorker(page);

    const worker = await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL);
    expect(worker).toMatch(/\/sw\.js$/);

    await page.context().setOffline(true);
    await page.reload();
    await expect(page.getByRole('heading', { name: 'You are offline' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Try again' })).toBeFocused();
    await keepScreenshot(page, testInfo, 'pwa-offline', { fullPage: false });

    const urls = await cachedUrls(page);
    expect(urls).toContain('/index.html');
    expect(urls.filter((url) => /^\/(api|ws|media|media-private)(\/|$)/.test(url))).toEqual([]);

    // Back online, the page loads again by itself (or with "Try again"): the app and its feed.
    await page.context().setOffline(false);
    await expect(page.locator('article').first()).toBeVisible({ timeout: 20_000 });
    await expect(page.getByRole('heading', { name: 'You are offline' })).toHaveCount(0);
  });
});
