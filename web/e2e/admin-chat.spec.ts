import type { Page } from '@playwright/test';
import { expect, test } from '@playwright/test';
import { createPlayer, uniqueEmail } from './auth-support';
import { DEMO_PASSWORD, keepScreenshot, openWindow, signInAs, viewOf } from './support';
import { bubble, send } from './chat-support';

const ADMIN = 'admin@touchline.test';

/**
 * The admin navigation's links: the sidebar from `md` up, the drawer behind 'Open navigation'
 * on a phone (opened here; the caller closes it).
 */
async function adminNav(page: Page, phone: boolean) {
  if (!phone) return page.getByRole('complementary', { name: 'Admin sidebar' });
  await page.getByRole('button', { name: 'Open navigation' }).click();
  return page.getByRole('dialog', { name: 'Admin navigation' });
}

test.describe('administrator chat', () => {
  test('an administrator messages a player from the players list; the player sees it live in /chat and replies; the reply arrives live, and a later one badges Messages and notifies with a link into the admin area', async ({
    page: admin,
    browser,
    request,
  }, testInfo) => {
    test.setTimeout(180_000);
    const run = `${testInfo.project.name}-${Date.now().toString(36)}`;
    const phone = viewOf(testInfo) === 'phone';
    const playerName = `Chatty Chidi ${run}`;
    const playerEmail = uniqueEmail('chat-player', testInfo);
    const hello = `Hello from the Touchline team (${run})`;
    const reply = `Thanks, got it (${run})`;
    const later = `One more question (${run})`;
    const latest = `And one last thing (${run})`;

    // The player, signed in in their own window, waits on their Messages.
    await createPlayer(request, { name: playerName, email: playerEmail, password: DEMO_PASSWORD });
    const player = await openWindow(browser, testInfo);
    await signInAs(player, request, playerEmail, 'player');
    await player.goto('/chat');
    await expect(player.getByRole('heading', { name: 'Messages', level: 1 })).toBeVisible();

    // 1. The administrator finds the player in the list and presses Message: the conversation
    // opens in the admin area, in the admin frame.
    await signInAs(admin, request, ADMIN, 'admin');
    await admin.goto('/admin/playerview');
    await admin.getByRole('searchbox', { name: 'Search players' }).fill(playerEmail);
    const row = admin
      .getByRole('table', { name: 'Players' })
      .getByRole('row', { name: new RegExp(playerName) });
    await row.getByRole('button', { name: `Message ${playerName}` }).click();
    await expect(admin).toHaveURL((url) => /^\/admin\/chat\/chat_[\w-]+$/.test(url.pathname));
    const thread = new URL(admin.url()).pathname.split('/').at(-1)!;
    const adminLog = admin.getByRole('log', { name: 'Messages' });
    await expect(adminLog.getByText(`No messages yet. Say hello to ${playerName}!`)).toBeVisible();
    await send(admin, hello);

    // 2. The player's list shows it live, unread; they open it and reply.
    const conversations = player.getByRole('list', { name: 'Conversations' });
    const withAdmin = conversations.getByRole('link').filter({ hasText: hello });
    await expect(withAdmin).toBeVisible();
    await expect(withAdmin.getByLabel('1 unread')).toBeVisible();
    await withAdmin.click();
    await expect(player).toHaveURL((url) => url.pathname === `/chat/${thread}`);
    const playerLog = player.getByRole('log', { name: 'Messages' });
    await expect(bubble(playerLog, hello)).toBeVisible();
    await send(player, reply);

    // 3. The administrator, reading the conversation, sees the reply arrive, and 'Seen' under
    // their own message.
    await expect(bubble(adminLog, reply)).toBeVisible();
    await expect(bubble(adminLog, hello)).toContainText('Seen');
    // Read while open: the list's unread badge goes (the server's count after the read). A phone
    // hides the list while a conversation is open.
    const adminThread = admin
      .getByRole('list', { name: 'Conversations', includeHidden: true })
      .getByRole('link', { name: new RegExp(playerName), includeHidden: true });
    await expect(adminThread).toHaveAttribute('href', `/admin/chat/${thread}`);
    await expect(adminThread.getByLabel(/ unread$/)).toHaveCount(0);
    await keepScreenshot(admin, testInfo, 'admin-chat-conversation', { fullPage: false });

    // 4. Elsewhere in the admin area, a later message notifies with a link into the admin area.
    // The pop-up shows for 5 s: it is looked for at once, before anything else.
    await admin.goto('/admin/playerview');
    const playersHeading = admin.getByRole('heading', { name: 'Players', level: 1 });
    await expect(playersHeading).toBeVisible();
    await send(player, later);
    const toast = admin.getByRole('alert').filter({ hasText: `New message from ${playerName}` });
    await expect(toast).toBeVisible({ timeout: 20_000 });
    await toast.getByRole('button', { name: 'VIEW' }).click();
    await expect(admin).toHaveURL((url) => url.pathname === `/admin/chat/${thread}`);
    await expect(bubble(adminLog, later)).toBeVisible();

    // 5. Another one, while the administrator is elsewhere, badges Messages in the admin
    // navigation; reading it clears the badge.
    await admin.goto('/admin/playerview');
    await expect(playersHeading).toBeVisible();
    await send(player, latest);
    const nav = await adminNav(admin, phone);
    await expect(nav.getByRole('link', { name: 'Messages, 1 unread' })).toHaveAttribute(
      'href',
      '/admin/chat',
    );
    if (phone) await admin.getByRole('button', { name: 'Close navigation' }).click();
    await admin.goto(`/admin/chat/${thread}`);
    await expect(bubble(adminLog, latest)).toBeVisible();
    const navAfter = await adminNav(admin, phone);
    await expect(navAfter.getByRole('link', { name: 'Messages', exact: true })).toHaveAttribute(
      'aria-current',
      'page',
    );
    if (phone) await admin.getByRole('button', { name: 'Close navigation' }).click();

    // The Messages screen with its list: beside the conversation on a desktop, alone on a phone.
    if (phone) {
      await admin.getByRole('button', { name: 'Back to conversations' }).click();
      await expect(admin).toHaveURL((url) => url.pathname === '/admin/chat');
    }
    await expect(adminThread).toBeVisible();
    await expect(adminThread).toContainText(latest);
    await expect(adminThread.getByLabel(/ unread$/)).toHaveCount(0);
    await keepScreenshot(admin, testInfo, 'admin-chat', { fullPage: false });
  });
});
