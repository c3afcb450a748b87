import type { APIRequestContext, Page, TestInfo } from '@playwright/test';
import { expect, test } from '@playwright/test';
import { startFakePushService } from '../../packages/drivers/src/testing/fake-push-service';
import { send } from './chat-support';
import { DEMO_PASSWORD, keepScreenshot, signInAs } from './support';

// Chidi (an adult: no quiet hours whatever the hour) is pushed; Emeka is offered notifications.
const CHIDI = 'chidi@touchline.test';
const EMEKA = 'emeka@touchline.test';
const ACADEMY = 'academy@touchline.test';

/** The academy's access token (API calls on its behalf; no page needed). */
async function academyToken(request: APIRequestContext) {
  const token = await request.post('/api/token/', {
    data: { email: ACADEMY, password: DEMO_PASSWORD, is_academy: true },
  });
  expect(token.ok()).toBe(true);
  return ((await token.json()) as { access: string }).access;
}

/** `from` opens a conversation with `to` and sends `text` through the API. */
async function sendMessage(request: APIRequestContext, access: string, to: string, text: string) {
  const headers = { authorization: `Bearer ${access}` };
  const open = await request.post('/api/chat', { headers, data: { receiver_id: to } });
  expect(open.ok()).toBe(true);
  const { thread_name } = (await open.json()) as { thread_name: string };
  const sent = await request.post(`/api/chat/${thread_name}/messages`, { headers, data: { text } });
  expect(sent.ok()).toBe(true);
  return thread_name;
}

async function controlledByServiceWorker(page: Page) {
  await page.waitForFunction(
    () => navigator.serviceWorker.controller?.state === 'activated',
    undefined,
    {
      timeout: 30_000,
      polling: 250,
    },
  );
}

const pushPort = (testInfo: TestInfo) =>
  Number(process.env[`E2E_PUSH_PORT_${testInfo.project.name.toUpperCase()}`] ?? 0);

test.describe('push notifications', () => {
  test("a chat message reaches the player's device as an encrypted push that the service worker shows", async ({
    page,
    context,
    request,
    baseURL,
  }, testInfo) => {
    // HONEST STUB AT THE EDGE: Chromium on this machine has no network, so pushManager.subscribe()
    // cannot reach Google's push service (FCM). The journey therefore (1) registers a device whose
    // endpoint is a local fake push service (startFakePushService, listed in the server's
    // PUSH_ENDPOINT_HOSTS by global-setup.ts) through the same API the page calls, (2) lets the
    // real server encrypt and send the push to it, and (3) hands the decrypted payload to the
    // page's real service worker with CDP `ServiceWorker.deliverPushMessage`, as FCM would.
    const fake = await startFakePushService(pushPort(testInfo));
    try {
      const origin = new URL(baseURL!).origin;
      await context.grantPermissions(['notifications'], { origin });
      const chidi = await signInAs(page, request, CHIDI, 'player');
      await page.goto('/settings/notifications');
      await expect(page.getByRole('heading', { name: 'Notifications', level: 1 })).toBeVisible();
      await controlledByServiceWorker(page);
      await expect(page.getByRole('checkbox', { name: 'Messages: Push' })).toBeChecked();
      await expect(page.getByRole('checkbox', { name: 'Likes: Push' })).not.toBeChecked();

      const device = fake.newDevice();
      const subscribed = await request.post('/api/push/subscriptions', {
        headers: { authorization: `Bearer ${chidi.access}` },
        data: device.subscription,
      });
      expect(subscribed.status()).toBe(201);

      const thread = await sendMessage(
        request,
        await academyToken(request),
        chidi.user_id,
        `Trial kit list ${testInfo.project.name}`,
      );
      await expect
        .poll(() => fake.pushesTo(device.id).length, { timeout: 20_000 })
        .toBeGreaterThan(0);
      const [push] = fake.pushesTo(device.id);
      expect(push!.vapidValid).toBe(true);
      const payload = JSON.parse(push!.payload!) as { body: string; link: string };
      // Only the in-app text travels, never the message.
      expect(payload).toMatchObject({
        title: 'Touchline',
        body: 'New message from Lagos Stars Academy',
        link: `/chat/${thread}`,
      });

      const cdp = await context.newCDPSession(page);
      const registrationId = new Promise<string>((resolve) => {
        cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
          const ours = registrations.find((r) => r.scopeURL === `${origin}/` && !r.isDeleted);
          if (ours) resolve(ours.registrationId);
        });
      });
      await cdp.send('ServiceWorker.enable');
      await cdp.send('ServiceWorker.deliverPushMessage', {
        origin,
        registrationId: await registrationId,
        data: push!.payload!,
      });
      await expect
        .poll(() =>
          page.evaluate(async () => {
            const registration = await navigator.serviceWorker.ready;
            return (await registration.getNotifications()).map((n) => ({
              title: n.title,
              body: n.body,
              link: (n.data as { link?: string } | null)?.link,
            }));
          }),
        )
        .toEqual([
          {
            title: 'Touchline',
            body: 'New message from Lagos Stars Academy',
            link: `/chat/${thread}`,
          },
        ]);
      await keepScreenshot(page, testInfo, 'notification-settings');
    } finally {
      await fake.close();
    }
  });

  test("'Turn on notifications' is offered after the first message sent, never on first load", async ({
    page,
    request,
  }, testInfo) => {
    const emeka = await signInAs(page, request, EMEKA, 'player');
    await page.goto('/home');
    await expect(page.getByRole('heading', { name: /Welcome/ })).toBeVisible();
    expect(await page.evaluate(() => Notification.permission)).toBe('default');
    const offer = page.getByRole('region', { name: 'Turn on notifications' });
    await expect(offer).toHaveCount(0);

    const open = await request.post('/api/chat', {
      headers: { authorization: `Bearer ${emeka.access}` },
      data: { receiver_id: await academyId(request) },
    });
    const { thread_name } = (await open.json()) as { thread_name: string };
    await page.goto(`/chat/${thread_name}`);
    await expect(offer).toHaveCount(0);
    await send(page, `Hello from ${testInfo.project.name}`);
    await expect(offer).toBeVisible();
    await expect(offer.getByRole('button', { name: 'Turn on notifications' })).toBeVisible();
    await keepScreenshot(page, testInfo, 'push-offer', { fullPage: false });

    await offer.getByRole('button', { name: 'Not now' }).click();
    await expect(offer).toHaveCount(0);
    await send(page, `Second hello from ${testInfo.project.name}`);
    await expect(offer).toHaveCount(0);
  });
});

/** The demo academy's user id (from its own session). */
async function academyId(request: APIRequestContext) {
  const login = await request.post('/api/login', {
    data: { email: ACADEMY, password: DEMO_PASSWORD, is_academy: true },
  });
  return ((await login.json()) as { user_id: string }).user_id;
}
