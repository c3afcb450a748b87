import { expect, test } from '@playwright/test';
import { keepScreenshot, openWindow, signInAs } from './support';
import { createTrialAs, registerAs, sessionOf, bearer } from './trial-support';

/**
 * Issue 27's waitlist journey (supplement §17, decision 49): a trial with 2 places fills, a third
 * player joins its waitlist from the trial page and sees 'Waitlisted — number 1 in line' (also on
 * /trial_history); one registrant cancels and the waitlisted player is promoted at once and told
 * live (the toast, the registration card), while the academy's open registrants table shows the
 * promoted player without a reload. The two registrants act through the API, as their own apps
 * would.
 */
const STARS = 'academy@touchline.test';
const TUNDE = 'player@touchline.test';
const CHIDI = 'chidi@touchline.test';
const EMEKA = 'emeka@touchline.test';

test.describe('the waitlist', () => {
  test('a full trial waitlists the third player, who is promoted and told live when a registrant cancels', async ({
    page,
    browser,
    request,
  }, testInfo) => {
    test.setTimeout(150_000);
    const run = `${testInfo.project.name}-${Date.now().toString(36)}`;
    const trialName = `Stars Waitlist Trial ${run}`;
    const academy = await sessionOf(request, STARS, true);
    const chidi = await sessionOf(request, CHIDI);
    const emeka = await sessionOf(request, EMEKA);

    const trialId = await createTrialAs(request, academy, {
      name: trialName,
      limit: 2,
      inDays: 10,
    });

    // The trial fills: two registrants take its two places.
    const chidiReg = (await registerAs(request, chidi, trialId)).id;
    await registerAs(request, emeka, trialId);

    // The academy's registrants table stays open through the journey.
    const club = await openWindow(browser, testInfo);
    await signInAs(club, request, STARS, 'academy');
    await club.goto(`/academy/trial_details/${trialId}`);
    const registrants = club.getByRole('region', { name: /Registrants/ });
    await expect(registrants.getByText('Chidi Okafor', { exact: true })).toBeVisible();

    // 1. The third player finds the trial full and joins the waitlist.
    await signInAs(page, request, TUNDE, 'player');
    await page.goto(`/trial_details/${trialId}`);
    await expect(page.getByRole('heading', { level: 1, name: trialName })).toBeVisible();
    const join = page.getByRole('link', { name: 'Join the waitlist' });
    await expect(join).toBeVisible();
    await expect(page.getByText(/the first in line gets it at once/)).toBeVisible();
    await keepScreenshot(page, testInfo, 'waitlist-trial-full');
    await join.click();
    await page.getByLabel('Phone number').fill('08051234567');
    await page.getByLabel('Level reached').selectOption('state');
    await page.getByRole('button', { name: 'Join the waitlist' }).click();
    await expect(page).toHaveURL(new RegExp(`/trial_details/${trialId}$`));
    const card = page.getByRole('region', { name: 'Your registration' });
    await expect(card.getByText('Waitlisted — number 1 in line').first()).toBeVisible();
    await expect(card.getByRole('button', { name: 'Leave the waitlist' })).toBeVisible();
    await keepScreenshot(page, testInfo, 'waitlist-waitlisted');

    // The history shows the place in line too.
    await page.goto('/trial_history');
    const row = page.getByRole('listitem').filter({ hasText: trialName });
    await expect(row.getByText('Waitlisted — number 1 in line')).toBeVisible();
    await expect(row.getByRole('button', { name: 'Leave the waitlist' })).toBeVisible();
    await keepScreenshot(page, testInfo, 'waitlist-history');
    // The academy sees how many wait, never who: no waitlisted player in its table.
    await club.reload();
    await expect(club.getByText(/1 on the waitlist/)).toBeVisible();
    await expect(registrants.getByText('Emeka Nwosu', { exact: true })).toBeVisible();
    await expect(registrants.getByText('Tunde Bakare', { exact: true })).toHaveCount(0);

    // 2. A registrant cancels: the first in line is promoted at once and told live.
    await page.goto(`/trial_details/${trialId}`);
    await expect(card.getByText('Waitlisted — number 1 in line').first()).toBeVisible();
    const cancelled = await request.delete(`/api/player_trial/${chidiReg}`, {
      headers: bearer(chidi),
    });
    expect(cancelled.status(), await cancelled.text()).toBe(200);
    await expect(
      page.getByText(`A place opened at ${trialName}: you are registered`).first(),
    ).toBeVisible({ timeout: 30_000 });
    await expect(card.getByText('Registered', { exact: true })).toBeVisible();
    await expect(card.getByText(/Waitlisted/)).toHaveCount(0);
    await keepScreenshot(page, testInfo, 'waitlist-promoted');
    // The academy's open table shows the promoted player without a reload.
    await expect(registrants.getByText('Tunde Bakare', { exact: true })).toBeVisible({
      timeout: 30_000,
    });
    await expect(club.getByText(/on the waitlist/)).toHaveCount(0);
    await keepScreenshot(club, testInfo, 'waitlist-academy-registrants');
    await club.context().close();
  });
});
