import type { APIRequestContext, Locator, Page, TestInfo } from '@playwright/test';
import { expect, test } from '@playwright/test';
import { keepScreenshot, signInAs, viewOf } from './support';

const PLAYER = 'player@touchline.test';
const ACADEMY = 'academy@touchline.test';
const ADMIN = 'admin@touchline.test';

const onPhone = (testInfo: TestInfo) => viewOf(testInfo) === 'phone';

/** The computed colour of `var(--color-…)`, to compare an element's colour with. */
async function themeColour(page: Page, variable: string): Promise<string> {
  return page.evaluate((name) => {
    const probe = document.createElement('span');
    probe.style.color = `var(${name})`;
    document.body.append(probe);
    const colour = getComputedStyle(probe).color;
    probe.remove();
    return colour;
  }, variable);
}

async function colourOf(locator: Locator): Promise<string> {
  return locator.evaluate((element) => getComputedStyle(element).color);
}

/** A section link's visible text: Messages may show its unread badge's number with its label. */
const sectionLabels = (labels: string[]) =>
  labels.map((label) => (label === 'Messages' ? /^(\d+\+?)?Messages$/ : label));

/**
 * The Messages link carries the server's unread chat total in its name ('Messages, 2 unread', or
 * 'Messages' with none), compared with the total read at the same moment (the demo has unread
 * conversations).
 */
async function expectMessagesTotal(page: Page, request: APIRequestContext, nav: Locator) {
  const access = await page.evaluate(() => localStorage.getItem('access'));
  const link = nav.getByRole('link', { name: /^Messages/ });
  await expect
    .poll(async () => {
      const answer = await request.get('/api/chat_unread', {
        headers: { authorization: `Bearer ${access}` },
      });
      const total = ((await answer.json()) as { unread_total: number }).unread_total;
      const name = (await link.getAttribute('aria-label')) ?? (await link.textContent());
      return name === (total > 0 ? `Messages, ${total} unread` : 'Messages');
    })
    .toBe(true);
}

/** The current section's link: in the top bar on desktop, in the bottom bar on phones. */
function currentLink(page: Page, testInfo: TestInfo): Locator {
  const nav = page.getByRole('navigation', { name: onPhone(testInfo) ? 'Tabs' : 'Main' });
  return nav.locator('a[aria-current="page"]');
}

test.describe('app frame', () => {
  test('a player sees Home, Trials, Friends and Messages and is greeted by name', async ({
    page,
    request,
  }, testInfo) => {
    await signInAs(page, request, PLAYER, 'player');
    await page.goto('/home');

    await expect(page.getByRole('heading', { name: 'Welcome, Tunde Bakare' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Touchline', exact: true })).toHaveAttribute(
      'href',
      '/home',
    );
    await expect(page.getByPlaceholder('Search')).toBeVisible();
    // The bell shows the server's unread count, or no badge at all when nothing is unread. The
    // count can grow while the page loads (the demo's chat notifications arrive a few seconds
    // after the start), so the badge is compared with the server's count read at the same time.
    const badge = page.getByTestId('notification-badge');
    const access = await page.evaluate(() => localStorage.getItem('access'));
    await expect
      .poll(async () => {
        const me = await request.get('/api/me', { headers: { authorization: `Bearer ${access}` } });
        const unread = ((await me.json()) as { notification_count: number }).notification_count;
        const shown = (await badge.isVisible()) ? Number(await badge.textContent()) : 0;
        return shown === unread;
      })
      .toBe(true);
    const unread = Number((await badge.isVisible()) ? await badge.textContent() : 0);
    if (unread > 0) {
      await expect(
        page.getByRole('link', { name: `Notifications, ${unread} unread` }),
      ).toBeVisible();
    } else {
      await expect(page.getByRole('link', { name: 'Notifications', exact: true })).toBeVisible();
    }

    const top = page.getByRole('navigation', { name: 'Main' });
    const tabs = page.getByRole('navigation', { name: 'Tabs' });
    if (onPhone(testInfo)) {
      await expect(top).toBeHidden();
      await expect(tabs).toBeVisible();
      await expect(tabs.getByRole('link')).toHaveText(
        sectionLabels(['Home', 'Trials', 'Messages', 'Friends']),
      );
      await expectMessagesTotal(page, request, tabs);
    } else {
      await expect(tabs).toBeHidden();
      const links = top.getByRole('link');
      await expect(links).toHaveText(sectionLabels(['Home', 'Trials', 'Friends', 'Messages']));
      await expectMessagesTotal(page, request, top);
      for (const [name, href] of [
        ['Home', '/home'],
        ['Trials', '/list_trials'],
        ['Friends', '/friends'],
        ['Messages', '/chat'],
      ] as const) {
        await expect(top.getByRole('link', { name })).toHaveAttribute('href', href);
      }
    }
    await expect(currentLink(page, testInfo)).toHaveText('Home');
    expect(await colourOf(currentLink(page, testInfo))).toBe(
      await themeColour(page, '--color-brand-700'),
    );
    await keepScreenshot(page, testInfo, 'frame-player-home', { fullPage: !onPhone(testInfo) });
  });

  test("a player's account menu lists the profile, joined trials and logout, and closes on an outside click", async ({
    page,
    request,
  }, testInfo) => {
    await signInAs(page, request, PLAYER, 'player');
    await page.goto('/home');

    const avatar = page.getByRole('button', { name: 'Account menu' });
    await avatar.click();
    await expect(avatar).toHaveAttribute('aria-expanded', 'true');
    const menu = page.getByRole('menu', { name: 'Account' });
    await expect(menu.getByRole('menuitem')).toHaveText([
      'View Profile',
      'View Joined Trials',
      'Settings',
      'Logout',
    ]);
    await expect(menu.getByRole('menuitem', { name: 'View Profile' })).toHaveAttribute(
      'href',
      '/profile',
    );
    await expect(menu.getByRole('menuitem', { name: 'View Joined Trials' })).toHaveAttribute(
      'href',
      '/trial_history',
    );
    await keepScreenshot(page, testInfo, 'frame-player-menu', { fullPage: !onPhone(testInfo) });

    // A click anywhere outside: the greeting's left edge (the menu hangs from the right).
    await page
      .getByRole('heading', { name: 'Welcome, Tunde Bakare' })
      .click({ position: { x: 4, y: 4 } });
    await expect(menu).toBeHidden();
    await expect(avatar).toHaveAttribute('aria-expanded', 'false');

    // Escape closes it too and gives focus back to the avatar.
    await avatar.click();
    await expect(menu).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(avatar).toBeFocused();
  });

  test('a player logs out through the confirmation and lands on the login page', async ({
    page,
    request,
  }, testInfo) => {
    await signInAs(page, request, PLAYER, 'player');
    await page.goto('/home');
    await expect(page.getByRole('heading', { name: 'Welcome, Tunde Bakare' })).toBeVisible();

    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Log out of Touchline?' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await keepScreenshot(page, testInfo, 'frame-logout-dialog', { fullPage: !onPhone(testInfo) });

    const logout = page.waitForResponse(
      (response) =>
        response.url().endsWith('/api/logout') && response.request().method() === 'POST',
    );
    await dialog.getByRole('button', { name: 'Log out' }).click();
    expect((await logout).status()).toBe(200);

    await expect(page).toHaveURL((url) => url.pathname === '/');
    const stored = await page.evaluate(() => ({
      access: localStorage.getItem('access'),
      refresh: localStorage.getItem('refresh'),
      role: localStorage.getItem('role'),
      user: localStorage.getItem('user'),
    }));
    expect(stored).toEqual({ access: null, refresh: null, role: null, user: null });
    // The session is over: a protected page sends the visitor back to the login.
    await page.goto('/home');
    await expect(page).toHaveURL((url) => url.pathname === '/');
  });

  test('an academy gets indigo, no Friends and no joined trials, and its own home', async ({
    page,
    request,
  }, testInfo) => {
    await signInAs(page, request, ACADEMY, 'academy');
    await page.goto('/academy/home');

    await expect(page.getByRole('heading', { name: 'Welcome, Lagos Stars Academy' })).toBeVisible();
    await expect(page.locator('[data-accent]')).toHaveAttribute('data-accent', 'academy');
    await expect(page.getByRole('link', { name: 'Touchline', exact: true })).toHaveAttribute(
      'href',
      '/academy/home',
    );
    await expect(page.getByRole('link', { name: 'Friends', exact: true })).toHaveCount(0);

    const top = page.getByRole('navigation', { name: 'Main' });
    const tabs = page.getByRole('navigation', { name: 'Tabs' });
    if (onPhone(testInfo)) {
      await expect(top).toBeHidden();
      await expect(tabs.getByRole('link')).toHaveText(
        sectionLabels(['Home', 'Trials', 'Messages', 'Profile']),
      );
      await expectMessagesTotal(page, request, tabs);
      await expect(tabs.getByRole('link', { name: 'Profile' })).toHaveAttribute(
        'href',
        '/academy/profile',
      );
    } else {
      await expect(tabs).toBeHidden();
      await expect(top.getByRole('link')).toHaveText(sectionLabels(['Home', 'Trials', 'Messages']));
      await expectMessagesTotal(page, request, top);
      await expect(top.getByRole('link', { name: 'Trials' })).toHaveAttribute(
        'href',
        '/academy/list_trials',
      );
    }
    // The accent is indigo (spec §6).
    expect(await colourOf(currentLink(page, testInfo))).toBe(
      await themeColour(page, '--color-academy-700'),
    );
    await keepScreenshot(page, testInfo, 'frame-academy-home', { fullPage: !onPhone(testInfo) });

    await page.getByRole('button', { name: 'Account menu' }).click();
    const menu = page.getByRole('menu', { name: 'Account' });
    await expect(menu.getByRole('menuitem')).toHaveText(['View Profile', 'Settings', 'Logout']);
    await expect(menu.getByRole('menuitem', { name: 'View Profile' })).toHaveAttribute(
      'href',
      '/academy/profile',
    );
    await keepScreenshot(page, testInfo, 'frame-academy-menu', { fullPage: !onPhone(testInfo) });
  });

  test('an academy logs out to the academy login', async ({ page, request }) => {
    await signInAs(page, request, ACADEMY, 'academy');
    await page.goto('/academy/home');
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await page
      .getByRole('alertdialog', { name: 'Log out of Touchline?' })
      .getByRole('button', { name: 'Log out' })
      .click();
    await expect(page).toHaveURL((url) => url.pathname === '/academy/login');
    expect(await page.evaluate(() => localStorage.getItem('access'))).toBeNull();
  });

  test('the admin home shows the sidebar and a greeting', async ({ page, request }, testInfo) => {
    await signInAs(page, request, ADMIN, 'admin');
    await page.goto('/admin/home');
    await expect(page.getByRole('heading', { name: 'Welcome, Touchline Admin' })).toBeVisible();

    const sections = [
      'Home',
      'Academies',
      'Players',
      'Trials',
      'Accounts',
      'Reports',
      // The unread chat count shows beside it when there is one.
      /^Messages(\d+)?$/,
      'Consents',
      'Audit log',
      'Queues',
    ];
    if (onPhone(testInfo)) {
      await page.getByRole('button', { name: 'Open navigation' }).click();
      const drawer = page.getByRole('dialog', { name: 'Admin navigation' });
      await expect(drawer.getByRole('navigation', { name: 'Admin' }).getByRole('link')).toHaveText(
        sections,
      );
      await expect(drawer.getByRole('button', { name: 'Logout' })).toBeVisible();
      await keepScreenshot(page, testInfo, 'frame-admin-navigation', {
        fullPage: !onPhone(testInfo),
      });
      await page.keyboard.press('Escape');
      await expect(drawer).toBeHidden();
    } else {
      const sidebar = page.getByRole('complementary', { name: 'Admin sidebar' });
      await expect(sidebar.getByRole('navigation', { name: 'Admin' }).getByRole('link')).toHaveText(
        sections,
      );
      await expect(sidebar.getByRole('button', { name: 'Logout' })).toBeVisible();
      await page.getByRole('button', { name: 'Collapse sidebar' }).click();
      await expect(sidebar.getByRole('link', { name: 'Academies' })).toBeVisible();
      await expect(sidebar.getByText('Academies')).toHaveCount(0);
      await keepScreenshot(page, testInfo, 'frame-admin-collapsed', {
        fullPage: !onPhone(testInfo),
      });
      await page.getByRole('button', { name: 'Expand sidebar' }).click();
      await expect(sidebar.getByText('Academies')).toBeVisible();
    }
    await keepScreenshot(page, testInfo, 'frame-admin-home', { fullPage: !onPhone(testInfo) });
  });
});
