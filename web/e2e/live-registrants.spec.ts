import type { Locator, Page } from '@playwright/test';
import { expect, test } from '@playwright/test';
import { keepScreenshot, signInAs } from './support';
import { bearer, createTrialAs, registerAs, sessionOf } from './trial-support';

/**
 * Issue 22's journey: the academy's open registrants table (and the trial's count), its dashboard
 * and its trial list follow every change of a registration live, without a reload — a player
 * registers, a player cancels, a paid hold runs out. The players act through the API (as their
 * own apps would) while the academy's three tabs stay open; the hold runs out through the
 * development-only `POST /api/dev/holds/:id/expire` (the worker's own expiry job, run now instead
 * of after the hold's minutes).
 */
const STARS = 'academy@touchline.test';
// Adult demo players; each journey registers them for its own new trial only.
const CHIDI = 'chidi@touchline.test';
const EMEKA = 'emeka@touchline.test';

/** A dashboard figure (`<dt>` label, `<dd>` value). */
const stat = (dashboard: Page, label: string): Locator =>
  dashboard
    .locator('dl > div')
    .filter({ has: dashboard.getByText(label, { exact: true }) })
    .locator('dd');

test.describe('live registrants and dashboard', () => {
  test("the academy's open registrants table and dashboard follow a registration, a cancellation and an expired hold without a reload", async ({
    page,
    request,
  }, testInfo) => {
    test.setTimeout(120_000);
    const run = `${testInfo.project.name}-${Date.now().toString(36)}`;
    const trialName = `Stars Live Trial ${run}`;
    const academy = await sessionOf(request, STARS, true);
    const chidi = await sessionOf(request, CHIDI);
    const emeka = await sessionOf(request, EMEKA);

    // A paid trial, tomorrow at dawn: the first of the dashboard's upcoming trials.
    const trialId = await createTrialAs(request, academy, {
      name: trialName,
      limit: 10,
      inDays: 1,
      deadlineInDays: 1,
      fee: 200_000,
      startTime: '00:05',
    });

    // The academy's two open tabs: the trial's registrants and the dashboard.
    await signInAs(page, request, STARS, 'academy');
    await page.goto(`/academy/trial_details/${trialId}`);
    await expect(page.getByRole('heading', { level: 1, name: trialName })).toBeVisible();
    const registrants = page.getByRole('region', { name: /Registrants/ });
    await expect(
      registrants.getByText(
        'No one has registered yet. New registrations appear here as they happen.',
      ),
    ).toBeVisible();
    const dashboard = await page.context().newPage();
    await dashboard.goto('/academy/home');
    await expect(dashboard.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
    const upcoming = dashboard
      .getByRole('region', { name: 'Upcoming trials' })
      .getByRole('link', { name: new RegExp(trialName) });
    await expect(upcoming).toContainText('0/10');
    // A third tab: the academy's list of upcoming trials, with each trial's count.
    const list = await page.context().newPage();
    await list.goto('/academy/list_trials');
    const listed = list.getByRole('link', { name: new RegExp(trialName) });
    await expect(listed).toContainText('0 / 10 registered');
    // The trial's own count, above its registrants.
    const places = page.getByText(/^\d+ \/ 10 registered/);

    // A mark on each tab's window: a reload would lose it.
    for (const tab of [page, dashboard, list])
      await tab.evaluate(() => Object.assign(window, { e2eNoReload: true }));
    const registrations = stat(dashboard, 'Registrations');
    await expect(registrations).toHaveText(/^\d+$/);
    const before = Number(await registrations.textContent());

    const rowOf = (name: string) => registrants.locator('tr, li').filter({ hasText: name }).first();

    // 1. A player registers (a paid trial: the place is held while they pay).
    const chidiRegistration = (await registerAs(request, chidi, trialId, 'pending_payment')).id;
    await expect(rowOf('Chidi Okafor').getByText('Pending payment').first()).toBeVisible();
    await expect(upcoming).toContainText('1/10');
    await expect(listed).toContainText('1 / 10 registered');
    await expect(places).toHaveText(/^1 \/ 10 registered/);
    await expect(registrations).toHaveText(String(before + 1));
    await keepScreenshot(page, testInfo, 'live-registrants-registered');

    // 2. The player cancels: the row says so and the place and the count are given back.
    const cancelled = await request.delete(`/api/player_trial/${chidiRegistration}`, {
      headers: bearer(chidi),
    });
    expect(cancelled.ok(), await cancelled.text()).toBe(true);
    await expect(rowOf('Chidi Okafor').getByText('Cancelled', { exact: true })).toBeVisible();
    await expect(upcoming).toContainText('0/10');
    await expect(listed).toContainText('0 / 10 registered');
    await expect(places).toHaveText(/^0 \/ 10 registered/);
    await expect(registrations).toHaveText(String(before));

    // 3. Another player registers and never pays: the hold runs out.
    const emekaRegistration = (await registerAs(request, emeka, trialId, 'pending_payment')).id;
    await expect(rowOf('Emeka Nwosu').getByText('Pending payment').first()).toBeVisible();
    await expect(upcoming).toContainText('1/10');
    await expect(listed).toContainText('1 / 10 registered');
    await expect(places).toHaveText(/^1 \/ 10 registered/);
    await expect(registrations).toHaveText(String(before + 1));
    const expire = await request.post(`/api/dev/holds/${emekaRegistration}/expire`);
    expect(expire.ok(), await expire.text()).toBe(true);
    await expect(rowOf('Emeka Nwosu').getByText('Expired', { exact: true })).toBeVisible();
    await expect(rowOf('Chidi Okafor').getByText('Cancelled', { exact: true })).toBeVisible();
    await expect(upcoming).toContainText('0/10');
    await expect(listed).toContainText('0 / 10 registered');
    await expect(places).toHaveText(/^0 \/ 10 registered/);
    await expect(registrations).toHaveText(String(before));
    await keepScreenshot(page, testInfo, 'live-registrants-expired');
    await keepScreenshot(dashboard, testInfo, 'live-dashboard-expired');

    // No tab was reloaded: each still carries its mark.
    for (const tab of [page, dashboard, list])
      expect(await tab.evaluate(() => 'e2eNoReload' in window)).toBe(true);
  });
});
