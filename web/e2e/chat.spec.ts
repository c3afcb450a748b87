import type { APIRequestContext, Locator, Page, WebSocketRoute } from '@playwright/test';
import { expect, test } from '@playwright/test';
import { keepScreenshot, openWindow, signInAs, viewOf } from './support';
import { bubble, send } from './chat-support';

// The demo world (services/api/src/seed/demo.ts): Amaka (16) and Musa (12) are friends; Lagos
// Stars is a verified academy that Amaka neither follows nor registered with.
const AMAKA = 'amaka@touchline.test';
const MUSA = 'junior@touchline.test';
const STARS = 'academy@touchline.test';
/** CHAT_MESSAGES.minor (packages/shared/src/contracts/chat.ts). */
const MINOR_REFUSAL = 'This player can only be messaged by friends and academies they follow';

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

/** The access token a signed-in tab holds (no extra sign-in: logins are limited per address). */
async function accessTokenOf(page: Page) {
  const token = await page.evaluate(() => localStorage.getItem('access'));
  expect(token).toBeTruthy();
  return token!;
}

/** The server's unread counts for a user: the total, and in the conversation with `partnerId`. */
async function unreadCounts(request: APIRequestContext, token: string, partnerId: string) {
  const total = await request.get('/api/chat_unread', { headers: bearer(token) });
  expect(total.ok(), await total.text()).toBe(true);
  const list = await request.get('/api/chat_list', { headers: bearer(token) });
  expect(list.ok(), await list.text()).toBe(true);
  const { threads } = (await list.json()) as {
    threads: { partner: { id: string }; unread_count: number }[];
  };
  return {
    total: ((await total.json()) as { unread_total: number }).unread_total,
    withPartner: threads.find((thread) => thread.partner.id === partnerId)?.unread_count ?? 0,
  };
}

/** 'Messages' or 'Messages, 3 unread': the frame link's accessible name for a total. */
const messagesName = (unread: number) => (unread > 0 ? `Messages, ${unread} unread` : 'Messages');

/** The frame's Messages link: the top bar's from `md` up, the bottom bar's on a phone. */
const messagesLink = (page: Page, onPhone: boolean) =>
  page
    .getByRole('navigation', { name: onPhone ? 'Tabs' : 'Main' })
    .getByRole('link', { name: /^Messages/ });

/**
 * The texts of this run's messages in a log, top to bottom, each reduced to the known text it
 * shows (so 'edited' and the time do not matter); a row with none of them shows as it is.
 */
async function rowsOfRun(log: Locator, run: string, known: readonly string[]) {
  const rows = await log.locator('[data-message-key]').allTextContents();
  return rows
    .filter((row) => row.includes(run))
    .map((row) => known.find((text) => row.includes(text)) ?? row);
}

/**
 * Lets a journey take a tab off the network: `context.setOffline` fails its requests but leaves
 * open WebSockets alone, so the tab's socket goes through the test. `cut()` closes it (the server
 * sees the tab leave) and answers the tab's reconnections with a socket that reaches nothing;
 * `restore()` brings requests back and closes that one, so the tab reconnects to the server for
 * real (with `?since=` its last sequence number: `urls` lists every socket's address). Requests
 * and the socket come back together: Chromium's offline mode also refuses new socket handshakes.
 */
async function cuttableSocket(page: Page) {
  let offline = false;
  /** Each socket the tab opened: its page side, and its server side when it reaches the server. */
  let sockets: { ws: WebSocketRoute; server: WebSocketRoute | null }[] = [];
  const urls: string[] = [];
  await page.routeWebSocket(/\/ws\/notifications\//, (ws) => {
    urls.push(ws.url());
    sockets.push({ ws, server: offline ? null : ws.connectToServer() });
  });
  // Closing the page's side from here does not close the server's: both are closed (with the
  // default code: a browser may not send 1001).
  const closeAll = async () => {
    const open = sockets;
    sockets = [];
    for (const { ws, server } of open) {
      await server?.close();
      await ws.close();
    }
  };
  return {
    async cut() {
      offline = true;
      await page.context().setOffline(true);
      await closeAll();
    },
    async restore() {
      await page.context().setOffline(false);
      offline = false;
      await closeAll();
    },
    urls,
  };
}

test.describe('chat', () => {
  test('two friends chat live with typing and Seen; after a dropped connection the three messages and the edit arrive once, in order; an academy a minor does not follow is refused', async ({
    page: amakaPage,
    browser,
    request,
  }, testInfo) => {
    test.setTimeout(240_000);
    // The journey runs once per project against one server: this run's messages carry its tag.
    const run = `${testInfo.project.name}-${Date.now().toString(36)}`;
    const onPhone = viewOf(testInfo) === 'phone';
    const hello = `Hi Musa, training at 4? (${run})`;
    const reply = `Yes, see you at the pitch (${run})`;
    const three = [
      `Bring your boots (${run})`,
      `The coach wants us early (${run})`,
      `Gate B, not Gate A (${run})`,
    ] as const;
    const edited = `The coach wants us there by 3:30 (${run})`;
    const known = [hello, reply, ...three, edited];

    const musaPage = await openWindow(browser, testInfo);
    const musaSocket = await cuttableSocket(musaPage);
    const amaka = await signInAs(amakaPage, request, AMAKA, 'player');
    const musa = await signInAs(musaPage, request, MUSA, 'player');

    // Musa waits on his home page; the Messages link carries his unread total.
    await musaPage.goto('/home');
    await expect(musaPage.getByRole('heading', { name: 'Welcome, Musa Ibrahim' })).toBeVisible();
    const musaToken = await accessTokenOf(musaPage);
    const before = await unreadCounts(request, musaToken, amaka.user_id);
    const musaMessages = messagesLink(musaPage, onPhone);
    await expect(musaMessages).toHaveAccessibleName(messagesName(before.total));

    // 1. Amaka opens the conversation from Musa's profile and says hello.
    await amakaPage.goto(`/profile/${musa.user_id}`);
    await expect(amakaPage.getByRole('heading', { level: 1, name: 'Musa Ibrahim' })).toBeVisible();
    await amakaPage.getByRole('button', { name: 'Message', exact: true }).click();
    await expect(amakaPage).toHaveURL(/\/chat\/chat_[0-9a-f-]{36}_[0-9a-f-]{36}$/);
    const threadPath = new URL(amakaPage.url()).pathname;
    const amakaLog = amakaPage.getByRole('log', { name: 'Messages' });
    await send(amakaPage, hello);

    // 2. Musa's badge counts it live; he opens the conversation from the list and reads it.
    await expect(musaMessages).toHaveAccessibleName(messagesName(before.total + 1));
    await musaMessages.click();
    const conversations = musaPage.getByRole('list', { name: 'Conversations' });
    const withAmaka = conversations.getByRole('link', { name: /Amaka Obi/ });
    await expect(withAmaka).toContainText(hello);
    await withAmaka.click();
    await expect(musaPage).toHaveURL(threadPath);
    const musaLog = musaPage.getByRole('log', { name: 'Messages' });
    await expect(bubble(musaLog, hello)).toBeVisible();
    await expect(musaMessages).toHaveAccessibleName(
      messagesName(before.total - before.withPartner),
    );
    // Read receipt: Amaka's message shows 'Seen'.
    await expect(bubble(amakaLog, hello)).toContainText('Seen');

    // 3. Musa types: Amaka sees it; he sends, and she sees the reply (and reads it: 'Seen').
    const musaComposer = musaPage.getByRole('textbox', { name: 'Message', exact: true });
    await musaComposer.pressSequentially(reply.slice(0, 12));
    await expect(amakaPage.getByText('Musa Ibrahim is typing…')).toBeVisible();
    await musaComposer.pressSequentially(reply.slice(12));
    await musaComposer.press('Enter');
    await expect(bubble(amakaLog, reply)).toBeVisible();
    await expect(amakaPage.getByText('Musa Ibrahim is typing…')).toBeHidden();
    await expect(bubble(musaLog, reply)).toContainText('Seen');
    await expect(amakaPage.getByText('Online', { exact: true })).toBeVisible();
    await keepScreenshot(amakaPage, testInfo, 'chat-conversation', { fullPage: false });

    // 4. Musa's connection drops. Amaka sends three messages and edits the second.
    await musaSocket.cut();
    await expect(amakaPage.getByText(/^Last seen/)).toBeVisible({ timeout: 30_000 });
    for (const text of three) await send(amakaPage, text);
    await bubble(amakaLog, three[1]).getByRole('button', { name: 'Message options' }).click();
    await amakaPage.getByRole('menuitem', { name: 'Edit message' }).click();
    const editor = amakaPage.getByRole('textbox', { name: 'Edit message text' });
    await editor.fill(edited);
    await editor.press('Enter');
    await expect(bubble(amakaLog, edited)).toContainText('edited');
    expect(await rowsOfRun(amakaLog, run, known)).toEqual([
      hello,
      reply,
      three[0],
      edited,
      three[2],
    ]);
    // Nothing reached Musa's tab meanwhile.
    expect(await rowsOfRun(musaLog, run, known)).toEqual([hello, reply]);

    // 5. Musa comes back: exactly those three, in order, once, the second one edited.
    await musaSocket.restore();
    await expect
      .poll(() => rowsOfRun(musaLog, run, known), { timeout: 30_000 })
      .toEqual([hello, reply, three[0], edited, three[2]]);
    await expect(bubble(musaLog, edited)).toContainText('edited');
    // His socket resumed from its last sequence number (the hub replays what it missed).
    expect(musaSocket.urls.at(-1)).toMatch(/\?since=\d+$/);
    // He read them: Amaka sees 'Seen' under the last one and Musa online again; his tab still
    // shows each message once.
    await expect(bubble(amakaLog, three[2])).toContainText('Seen');
    await expect(amakaPage.getByText('Online', { exact: true })).toBeVisible();
    expect(await rowsOfRun(musaLog, run, known)).toEqual([
      hello,
      reply,
      three[0],
      edited,
      three[2],
    ]);
    await expect(musaMessages).toHaveAccessibleName(
      messagesName(before.total - before.withPartner),
    );
    await keepScreenshot(musaPage, testInfo, 'chat-caught-up', { fullPage: false });

    // 6. A verified academy that Amaka (16) does not follow cannot message her: the reason shows.
    const starsPage = await openWindow(browser, testInfo);
    await signInAs(starsPage, request, STARS, 'academy');
    await starsPage.goto(`/profile/${amaka.user_id}`);
    await expect(starsPage.getByRole('heading', { level: 1, name: 'Amaka Obi' })).toBeVisible();
    await starsPage.getByRole('button', { name: 'Message', exact: true }).click();
    await expect(starsPage.getByText(MINOR_REFUSAL)).toBeVisible();
    await expect(starsPage).toHaveURL(new RegExp(`/profile/${amaka.user_id}$`));
    await keepScreenshot(starsPage, testInfo, 'chat-refused', { fullPage: false });
    const refused = await request.post('/api/chat', {
      headers: bearer(await accessTokenOf(starsPage)),
      data: { receiver_id: amaka.user_id },
    });
    expect(refused.status()).toBe(403);
    expect(((await refused.json()) as { message: string }).message).toBe(MINOR_REFUSAL);
  });
});
