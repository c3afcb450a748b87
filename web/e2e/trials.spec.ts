import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from '@playwright/test';
import { DEMO_PASSWORD, keepScreenshot, openWindow, signInAs } from './support';

// Chidi (24) is the demo's adult player no other journey signs in; Lagos Stars is verified.
const CHIDI = 'chidi@touchline.test';
const STARS = 'academy@touchline.test';

/** An access token for calls made on a user's behalf outside the browser. */
async function tokenFor(request: APIRequestContext, email: string, isAcademy = false) {
  const answer = await request.post('/api/token/', {
    data: { email, password: DEMO_PASSWORD, is_academy: isAcademy },
  });
  expect(answer.ok()).toBe(true);
  return ((await answer.json()) as { access: string }).access;
}

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

/** A date `days` from today (UTC is close enough: the journey's trials are weeks ahead). */
const dayFromToday = (days: number) =>
  new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** A notification's toast (or any copy of its text) on a page. */
const told = (page: Page, text: string) => expect(page.getByText(text).first()).toBeVisible();

test.describe('trials, registrations and payments', () => {
  test('an academy publishes a paid trial; a player registers and pays; the academy sees it live and selects; a cancelled trial is refunded', async ({
    page: player,
    browser,
    request,
  }, testInfo) => {
    test.setTimeout(180_000);
    const academy = await openWindow(browser, testInfo);
    await signInAs(academy, request, STARS, 'academy');
    const chidi = await signInAs(player, request, CHIDI, 'player');
    // The journey runs once per project against one server: each run has its own trials.
    const run = `${testInfo.project.name}-${Date.now().toString(36)}`;
    const paidName = `Stars Paid Trial ${run}`;
    const cancelledName = `Stars Rainy Day ${run}`;

    // 1. The academy publishes a paid trial with one requirement.
    await academy.goto('/academy/add_trial');
    const form = academy.getByRole('form', { name: 'Trial form' });
    await form.getByLabel('Trial name').fill(paidName);
    await form.getByLabel('Sport').selectOption('football');
    await form.getByLabel('State').selectOption('Lagos');
    await form.getByLabel('LGA').selectOption('Surulere');
    await form.getByLabel('Venue').fill('Teslim Balogun Stadium');
    await form.getByLabel('Trial date').fill(dayFromToday(30));
    await form.getByLabel('Start time').fill('09:00');
    await form.getByLabel('Registration deadline').fill(dayFromToday(20));
    await form.getByLabel('Fee (₦)').fill('2500');
    await form.getByLabel('Description').fill('Bring boots and water.');
    await form.getByRole('button', { name: 'Add requirement' }).click();
    await form.getByRole('textbox', { name: 'Requirement 1' }).fill('Which position do you play?');
    await keepScreenshot(academy, testInfo, 'trials-add');
    await form.getByRole('button', { name: 'Publish trial' }).click();
    await expect(academy.getByRole('heading', { level: 1, name: paidName })).toBeVisible({
      timeout: 20_000,
    });
    await expect(academy).toHaveURL(/\/academy\/trial_details\/[0-9a-f-]{36}$/);
    const trialId = academy.url().split('/').pop()!;
    // Published without a poster: a placeholder says so, not an empty panel.
    await expect(academy.getByRole('img', { name: 'No poster' })).toBeVisible();
    const registrants = academy.getByRole('region', { name: /Registrants/ });
    await expect(
      academy.getByText('No one has registered yet. New registrations appear here as they happen.'),
    ).toBeVisible();

    // 2. The player finds it, registers (prefilled from the profile) and pays in the sandbox.
    await player.goto(`/trial_details/${trialId}`);
    await expect(player.getByRole('heading', { level: 1, name: paidName })).toBeVisible();
    await expect(player.getByText('₦2,500').first()).toBeVisible();
    await player.getByRole('link', { name: 'Register', exact: true }).click();
    await expect(player.getByLabel('Full name')).toHaveValue('Chidi Okafor');
    await player.getByLabel('Phone number').fill('08051234567');
    await player.getByLabel('State').selectOption('Rivers');
    await player.getByLabel('LGA').selectOption('Port Harcourt');
    await player.getByLabel('Level reached').selectOption('state');
    await player.getByLabel('Which position do you play?').fill('Goalkeeper');
    await player.getByRole('button', { name: 'Pay ₦2,500' }).click();
    await expect(player).toHaveURL(/\/sandbox\/checkout\/tlp_[0-9a-f]{24}$/, { timeout: 20_000 });
    const reference = player.url().split('/').pop()!;
    // The academy's open tab shows the new registration live: a toast and the table, no reload.
    // The toast shows for 5 s, so it is watched for from now, while the screenshot is taken (on a
    // slow machine the screenshot outlasted the toast).
    await Promise.all([
      told(academy, `Chidi Okafor registered for ${paidName}`),
      keepScreenshot(player, testInfo, 'trials-sandbox-checkout', { fullPage: false }),
    ]);
    await expect(registrants.getByText('Chidi Okafor', { exact: true })).toBeVisible();

    await player.getByRole('button', { name: 'Pay ₦2,500' }).click();
    // The confirmed payment reaches the academy's open tab live: its toast shows for 5 s, so it is
    // watched for while the player's payment completes, not after the player's next steps.
    await Promise.all([
      expect(academy.getByText(`Chidi Okafor paid for ${paidName}`).first()).toBeVisible({
        timeout: 30_000,
      }),
      expect(player).toHaveURL(/\/payment_success\?reference=tlp_/, { timeout: 20_000 }),
    ]);
    await expect(player.getByRole('heading', { name: 'Payment successful' })).toBeVisible({
      timeout: 20_000,
    });
    await keepScreenshot(player, testInfo, 'trials-payment-success', { fullPage: false });
    await player.goto(`/trial_details/${trialId}`);
    const mine = player.getByRole('region', { name: 'Your registration' });
    await expect(mine.getByTestId('reference-code')).toHaveText(/^TL-[0-9A-Z]{6}$/);
    await expect(mine.getByText('Registered', { exact: true })).toBeVisible();

    // 3. The academy selects the player, who is told live.
    const status = academy.getByRole('combobox', { name: 'Status of Chidi Okafor' });
    // The confirmed payment (told above) also gave the row its status select, live.
    await expect(status).toBeVisible({ timeout: 30_000 });
    await expect(registrants.getByText('Which position do you play?')).toBeVisible();
    await expect(registrants.getByText('Goalkeeper')).toBeVisible();
    await status.selectOption('selected');
    await expect(status).toHaveValue('selected');
    await keepScreenshot(academy, testInfo, 'trials-registrants');
    await told(player, `You have been selected at ${paidName}`);
    await player.reload();
    await expect(mine.getByText('Selected', { exact: true })).toBeVisible();

    // 4. Another paid trial, a paid registration (through the API), then the academy cancels it.
    const academyToken = await tokenFor(request, STARS, true);
    const playerToken = await tokenFor(request, CHIDI);
    const created = await request.post('/api/trial', {
      headers: bearer(academyToken),
      data: {
        name: cancelledName,
        sport: 'football',
        state: 'Lagos',
        district: 'Ikeja',
        venue: 'Mobolaji Johnson Arena',
        trial_date: dayFromToday(25),
        start_time: '16:00',
        deadline: dayFromToday(15),
        registration_fee: 150_000,
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    const second = (await created.json()) as { id: string };
    const registered = await request.post('/api/player_trial', {
      headers: bearer(playerToken),
      data: {
        trial: second.id,
        name: 'Chidi Okafor',
        dob: chidi.dob,
        phone: '08051234567',
        email: CHIDI,
        state: 'Rivers',
        district: 'Port Harcourt',
        level: 'state',
        answers: [],
      },
    });
    expect(registered.status(), await registered.text()).toBe(201);
    const paidRef = ((await registered.json()) as { payment: { reference: string } }).payment
      .reference;
    const paid = await request.post(`/api/payments/sandbox/${paidRef}`, {
      headers: bearer(playerToken),
      data: { outcome: 'success' },
    });
    expect(paid.ok(), await paid.text()).toBe(true);
    await expect(async () => {
      const view = await request.get(`/api/payment/${paidRef}`, { headers: bearer(playerToken) });
      expect(((await view.json()) as { status: string }).status).toBe('succeeded');
    }).toPass({ timeout: 30_000 });

    await player.goto('/trial_history');
    await expect(player.getByText(cancelledName).first()).toBeVisible();
    await academy.goto(`/academy/trial_details/${second.id}`);
    await expect(academy.getByRole('heading', { level: 1, name: cancelledName })).toBeVisible();
    await academy.getByRole('button', { name: 'Cancel trial' }).click();
    const dialog = academy.getByRole('alertdialog', { name: `Cancel ${cancelledName}?` });
    await dialog.getByLabel('Reason').fill('The pitch is waterlogged.');
    await dialog.getByRole('button', { name: 'Cancel trial' }).click();
    await expect(academy.getByText('Reason: The pitch is waterlogged.')).toBeVisible();

    // The player is told of the cancellation and the refund (the worker refunds through the
    // sandbox), and the payment page reads the refund from the server.
    await told(player, `Your payment for ${cancelledName} has been refunded`);
    await player.goto('/notification');
    await told(player, `${cancelledName} has been cancelled`);
    await told(player, `Your payment for ${cancelledName} has been refunded`);
    await told(player, `You have been selected at ${paidName}`);
    await player.goto(`/payment_success?reference=${paidRef}`);
    await expect(player.getByRole('heading', { name: 'Payment refunded' })).toBeVisible({
      timeout: 20_000,
    });
    await keepScreenshot(player, testInfo, 'trials-refunded', { fullPage: false });
    expect(reference).not.toBe(paidRef);

    // 5. The selected player withdraws from the first trial (a selected place can be given up).
    await player.goto(`/trial_details/${trialId}`);
    await expect(mine.getByText('Selected', { exact: true })).toBeVisible();
    await mine.getByRole('button', { name: 'Withdraw from this trial' }).click();
    const withdraw = player.getByRole('alertdialog', { name: 'Withdraw from this trial?' });
    await withdraw.getByRole('button', { name: 'Withdraw', exact: true }).click();
    await expect(player.getByText('Registration cancelled').first()).toBeVisible();
    await expect(player.getByRole('link', { name: 'Register' })).toBeVisible();
  });
});
