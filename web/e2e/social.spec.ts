import type { Page } from '@playwright/test';
import { expect, test } from '@playwright/test';
import { keepScreenshot, openWindow, signInAs } from './support';

const TUNDE = 'player@touchline.test';
const KEMI = 'kemi@touchline.test';
const STARS = 'academy@touchline.test';

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

/** The unread badge's number (0 when it is not shown). */
async function badgeCount(page: Page): Promise<number> {
  const badge = page.getByTestId('notification-badge');
  if (!(await badge.isVisible())) return 0;
  return Number(await badge.textContent());
}

test.describe('friends, follows and live notifications', () => {
  test('two open tabs: search, request, accept, follow, block', async ({
    page: tunde,
    browser,
    request,
  }, testInfo) => {
    test.setTimeout(90_000);
    const kemi = await openWindow(browser, testInfo);
    const stars = await openWindow(browser, testInfo);
    const a = await signInAs(tunde, request, TUNDE, 'player');
    const b = await signInAs(kemi, request, KEMI, 'player');
    const academy = await signInAs(stars, request, STARS, 'academy');

    // The journey runs once per project against one server: start from no tie at all.
    const tundeToken = a.access;
    const kemiToken = b.access;
    await request.delete(`/api/block/${a.user_id}`, { headers: bearer(kemiToken) });
    await request.delete(`/api/friends/${b.user_id}`, { headers: bearer(tundeToken) });
    await request.post(`/api/cancel_request/${b.user_id}`, { headers: bearer(tundeToken) });
    await request.post(`/api/cancel_request/${a.user_id}`, { headers: bearer(kemiToken) });
    await request.post('/api/unfollow', {
      headers: bearer(tundeToken),
      data: { academy: academy.user_id },
    });

    await kemi.goto('/home');
    await expect(kemi.getByRole('heading', { name: 'Welcome, Kemi Adeyemi' })).toBeVisible();
    await stars.goto('/academy/home');
    await tunde.goto('/home');
    const before = await badgeCount(kemi);

    // A finds B with the top bar's search box and opens the suggestion.
    const box = tunde.getByRole('combobox', { name: 'Search' });
    await box.fill('Kemi');
    const suggestion = tunde.getByRole('option', { name: /Kemi Adeyemi/ });
    await expect(suggestion).toBeVisible();
    await keepScreenshot(tunde, testInfo, 'social-search-dropdown', { fullPage: false });
    await suggestion.click();
    await expect(tunde).toHaveURL(new RegExp(`/profile/${b.user_id}$`));
    await expect(box).toHaveValue('');
    await expect(tunde.getByRole('listbox')).toBeHidden();

    // The friend request: from the profile when it offers one, else from the search results.
    const profileAdd = tunde.getByRole('main').getByRole('button', { name: 'Add friend' });
    if (await profileAdd.isVisible({ timeout: 5_000 }).catch(() => false)) {
      await profileAdd.click();
    } else {
      testInfo.annotations.push({ type: 'note', description: 'request sent from /search' });
      await tunde.goto('/search?q=Kemi');
      await tunde.getByRole('button', { name: 'Add Kemi Adeyemi as a friend' }).click();
      await expect(
        tunde.getByRole('button', { name: 'Cancel friend request to Kemi Adeyemi' }),
      ).toBeVisible();
    }

    // B's open tab hears of it at once: toast and badge, no reload.
    await expect(kemi.getByText('Tunde Bakare sent you a friend request')).toBeVisible();
    await expect(kemi.getByTestId('notification-badge')).toHaveText(String(before + 1));

    await kemi.goto('/friend_request_list');
    const requests = kemi.getByRole('list', { name: 'Friend requests' });
    await expect(requests.getByText('Tunde Bakare')).toBeVisible();
    await keepScreenshot(kemi, testInfo, 'social-friend-requests');
    await kemi.getByRole('button', { name: 'Accept Tunde Bakare' }).click();
    await expect(requests.getByText('Tunde Bakare')).toBeHidden();

    await expect(tunde.getByText('Kemi Adeyemi accepted your friend request')).toBeVisible();

    await tunde.goto('/friends');
    await expect(
      tunde.getByRole('list', { name: 'Friends' }).getByText('Kemi Adeyemi'),
    ).toBeVisible();
    await keepScreenshot(tunde, testInfo, 'social-friends');
    await kemi.goto('/friends');
    await expect(
      kemi.getByRole('list', { name: 'Friends' }).getByText('Tunde Bakare'),
    ).toBeVisible();

    // A follows the academy from the search results; the academy reads it in its centre.
    await tunde.goto('/search?q=Lagos%20Stars');
    await tunde.getByRole('tab', { name: 'Academies' }).click();
    await tunde.getByRole('button', { name: 'Follow Lagos Stars Academy' }).click();
    await expect(
      tunde.getByRole('button', { name: 'Following Lagos Stars Academy' }),
    ).toBeVisible();
    await keepScreenshot(tunde, testInfo, 'social-search-results');

    await expect(stars.getByText('Tunde Bakare started following you').first()).toBeVisible();
    await stars.goto('/notification');
    const centre = stars.getByRole('list', { name: 'Notifications' });
    await expect(centre.getByText('Tunde Bakare started following you').first()).toBeVisible();
    await keepScreenshot(stars, testInfo, 'social-notification-centre');

    await tunde.goto('/following');
    await expect(tunde.getByText('Lagos Stars Academy')).toBeVisible();
    await keepScreenshot(tunde, testInfo, 'social-following');
    await tunde.goto('/sent_request_list');
    await expect(tunde.getByText('No pending requests')).toBeVisible();
    await keepScreenshot(tunde, testInfo, 'social-sent-requests');

    // B blocks A: A no longer finds B, and B leaves A's friends.
    const blocked = await request.post(`/api/block/${a.user_id}`, { headers: bearer(kemiToken) });
    expect(blocked.ok()).toBe(true);
    await tunde.goto('/friends');
    await expect(tunde.getByRole('heading', { name: 'Friends', level: 1 })).toBeVisible();
    await expect(tunde.getByText('Kemi Adeyemi')).toBeHidden();
    const lookup = tunde.waitForResponse((response) =>
      response.url().includes('/api/search?q=Kemi'),
    );
    await box.fill('Kemi');
    await lookup;
    await expect(tunde.getByRole('option', { name: /Kemi Adeyemi/ })).toHaveCount(0);

    await tunde.goto('/notification');
    await expect(tunde.getByRole('heading', { name: 'Notifications' })).toBeVisible();
    await keepScreenshot(tunde, testInfo, 'social-player-notifications');
  });
});
