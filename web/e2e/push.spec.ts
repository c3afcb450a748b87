import type { APIRequestContext, Page, TestInfo } from '@playwright/test';
import { expect, test } from '@playwright/test';
import { send } from './chat-support';
import { DEMO_PASSWORD, keepScreenshot, signInAs, viewOf } from './support';

// Tunde and Emeka are friends (the demo's 5-a-side conversation) and both adults, so no quiet
// hours hold a push whatever the hour the journey runs.
const TUNDE = 'player@touchline.test';
const EMEKA = 'emeka@touchline.test';

/** Tunde's id and access token (API calls on his behalf; no page needed). */
async function tunde(request: APIRequestContext) {
  const data = { email: TUNDE, password: DEMO_PASSWORD, is_academy: false };
  const login = await request.post('/api/login', { data });
  const token = await request.post('/api/token/', { data });
  expect(login.ok() && token.ok()).toBe(true);
  return {
    id: ((await login.json()) as { user_id: string }).user_id,
    access: ((await token.json()) as { access: string }).access,
  };
}

/** Opens (or finds) the conversation of the token's owner with `to`; answers its name. */
async function openChat(request: APIRequestContext, access: string, to: string) {
  const open = await request.post('/api/chat', {
    headers: { authorization: `Bearer ${access}` },
    data: { receiver_id: to },
  });
  expect(open.ok(), `POST /api/chat: ${open.status()}`).toBe(true);
  return ((await open.json()) as { thread_name: string }).thread_name;
}

async function controlledByServiceWorker(page: Page) {
  await page.waitForFunction(
    () => navigator.serviceWorker.controller?.state === 'activated',
    undefined,
    { timeout: 30_000, polling: 250 },
  );
}

/** The project's fake push service (global-setup.ts), reached through its control surface. */
function fakePushService(request: APIRequestContext, testInfo: TestInfo) {
  const origin = process.env[`E2E_PUSH_SERVICE_${testInfo.project.name.toUpperCase()}`];
  expect(origin, 'global-setup.ts starts a fake push service per project').toBeTruthy();
  return {
    async newDevice() {
      const answer = await request.post(`${origin}/_test/devices`);
      return (await answer.json()) as {
        id: string;
        subscription: { endpoint: string; keys: { p256dh: string; auth: string } };
      };
    },
    async pushesTo(id: string) {
      const answer = await request.get(`${origin}/_test/devices/${id}/pushes`);
      return (await answer.json()) as { payload: string | null; vapidValid: boolean }[];
    },
  };
}

test.describe('push notifications', () => {
  test("a chat message reaches the player's device as an encrypted push that the service worker shows", async ({
    page,
    context,
    request,
    baseURL,
  }, testInfo) => {
    // HONEST STUB AT THE EDGE: Chromium on this machine has no network, so pushManager.subscribe()
    // cannot reach Google's push service (FCM). The journey therefore (1) registers a device whose
    // endpoint is a local fake push service (packages/drivers/src/testing/fake-push-service.ts,
    // listed in the server's PUSH_ENDPOINT_HOSTS by global-setup.ts) through the same API the page
    // calls, (2) lets the real server encrypt and send the push there (the fake decrypts it with the
    // device's keys), and (3) hands that payload to the page's real service worker with CDP
    // `ServiceWorker.deliverPushMessage`, as the browser does when FCM delivers.
    test.setTimeout(90_000);
    const fake = fakePushService(request, testInfo);
    const origin = new URL(baseURL!).origin;
    await context.grantPermissions(['notifications'], { origin });
    const emeka = await signInAs(page, request, EMEKA, 'player');
    await page.goto('/settings/notifications');
    await expect(page.getByRole('heading', { name: 'Notifications', level: 1 })).toBeVisible();
    await controlledByServiceWorker(page);
    await expect(page.getByRole('checkbox', { name: 'Messages: Push' })).toBeChecked();
    await expect(page.getByRole('checkbox', { name: 'Likes: Push' })).not.toBeChecked();

    const device = await fake.newDevice();
    const subscribed = await request.post('/api/push/subscriptions', {
      headers: { authorization: `Bearer ${emeka.access}` },
      data: device.subscription,
    });
    expect(subscribed.status()).toBe(201);

    const sender = await tunde(request);
    const thread = await openChat(request, sender.access, emeka.user_id);
    const text = `Boots for Saturday? (${testInfo.project.name})`;
    const sent = await request.post(`/api/chat/${thread}/messages`, {
      headers: { authorization: `Bearer ${sender.access}` },
      data: { text },
    });
    expect(sent.ok()).toBe(true);

    await expect
      .poll(async () => (await fake.pushesTo(device.id)).length, { timeout: 20_000 })
      .toBeGreaterThan(0);
    const [push] = await fake.pushesTo(device.id);
    expect(push!.vapidValid).toBe(true);
    const inApp = {
      title: 'Touchline',
      body: 'New message from Tunde Bakare',
      link: `/chat/${thread}`,
    };
    expect(JSON.parse(push!.payload!)).toMatchObject(inApp);
    // Only the in-app text travels, never the message.
    expect(push!.payload).not.toContain('Boots');

    const cdp = await context.newCDPSession(page);
    const registrationId = new Promise<string>((resolve) => {
      cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
        const ours = registrations.find((r) => r.scopeURL === `${origin}/` && !r.isDeleted);
        if (ours) resolve(ours.registrationId);
      });
    });
    await cdp.send('ServiceWorker.enable');
    const registration = await registrationId;
    // CDP's delivery (the stand-in for FCM's) was once lost on a loaded machine: it is repeated
    // until the worker shows the notice. A repeat replaces the notice (the push carries the
    // conversation's tag), so exactly one is ever shown.
    await expect(async () => {
      await cdp.send('ServiceWorker.deliverPushMessage', {
        origin,
        registrationId: registration,
        data: push!.payload!,
      });
      await expect
        .poll(
          () =>
            page.evaluate(async () => {
              const ready = await navigator.serviceWorker.ready;
              return (await ready.getNotifications()).map((n) => ({
                title: n.title,
                body: n.body,
                link: (n.data as { link?: string } | null)?.link,
              }));
            }),
          { timeout: 8_000 },
        )
        .toEqual([inApp]);
    }).toPass({ timeout: 30_000 });
    await keepScreenshot(page, testInfo, 'notification-settings');
  });

  test("'Turn on notifications' is offered after the first message sent, never on first load", async ({
    page,
    request,
  }, testInfo) => {
    const emeka = await signInAs(page, request, EMEKA, 'player');
    await page.goto('/home');
    await expect(page.getByRole('heading', { name: 'Welcome, Emeka Nwosu' })).toBeVisible();
    expect(await page.evaluate(() => Notification.permission)).toBe('default');
    const offer = page.getByRole('region', { name: 'Turn on notifications' });
    await expect(offer).toHaveCount(0);

    const thread = await openChat(request, emeka.access, (await tunde(request)).id);
    await page.goto(`/chat/${thread}`);
    await expect(page.getByRole('log', { name: 'Messages' })).toBeVisible();
    await expect(offer).toHaveCount(0);
    await send(page, `See you at five (${testInfo.project.name})`);
    await expect(offer).toBeVisible();
    await expect(offer.getByRole('button', { name: 'Turn on notifications' })).toBeVisible();
    await keepScreenshot(page, testInfo, 'push-offer', { fullPage: false });

    await offer.getByRole('button', { name: 'Not now' }).click();
    await expect(offer).toHaveCount(0);
    await send(page, `Bring the ball (${testInfo.project.name})`);
    await expect(offer).toHaveCount(0);
  });

  test('a verified phone: reset codes by SMS can be chosen, and the screen says which e-mails always go', async ({
    page,
    request,
  }, testInfo) => {
    await signInAs(page, request, 'chidi@touchline.test', 'player');
    // One number per project: the projects may share a server.
    const phone = viewOf(testInfo) === 'phone' ? '08039990002' : '08039990001';
    const e164 = `+234${phone.slice(1)}`;
    await page.goto('/settings/notifications');
    await expect(
      page.getByText(
        'Codes, receipts, account news and messages about a child you look after always go by e-mail.',
      ),
    ).toBeVisible();
    await page.getByLabel('Phone number').fill(phone);
    await page.getByRole('button', { name: 'Send code' }).click();
    let code: string | undefined;
    await expect
      .poll(
        async () => {
          const answer = await request.get('/api/dev/mailbox', { params: { to: e164 } });
          const { messages } = (await answer.json()) as { messages: { subject: string }[] };
          code = /\b(\d{6})\b/.exec(messages[0]?.subject ?? '')?.[1];
          return code;
        },
        { message: `the SMS code to ${e164}` },
      )
      .toBeTruthy();
    await page.getByLabel('Code').fill(code!);
    await page.getByRole('button', { name: 'Verify' }).click();
    const codes = page.getByRole('checkbox', {
      name: `Also send my password reset codes by SMS to ${e164}`,
    });
    await expect(codes).toBeVisible();
    await codes.check();
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Your notification settings were saved')).toBeVisible();
    await page.reload();
    await expect(
      page.getByRole('checkbox', { name: `Also send my password reset codes by SMS to ${e164}` }),
    ).toBeChecked();
    await keepScreenshot(page, testInfo, 'notification-settings-phone');
  });
});
