import { expect, test } from '@playwright/test';
import { keepScreenshot, openWindow, signInAs } from './support';
import { createTrialAs, registerAs, sessionOf } from './trial-support';

/**
 * Issue 27's trial-day check-in screens (supplement §17, decision 52): on a trial with two
 * registrants (created for the day after tomorrow: a new trial cannot be dated today), the academy opens /academy/trial_checkin/{id} at phone width and types
 * both reference codes (the camera-less fallback): each answers 'Checked in: <name>', the
 * attendance list follows, and a code typed again answers 'Already checked in'. The player's
 * registration shows the reference code as a QR code. Set-up goes through the API, as the
 * players' own apps would.
 */
const STARS = 'academy@touchline.test';
const CHIDI = 'chidi@touchline.test';
const EMEKA = 'emeka@touchline.test';

test('the academy checks two registrants in by typed code; the player’s registration shows a QR code', async ({
  page: club,
  browser,
  request,
}, testInfo) => {
  test.setTimeout(120_000);
  const run = `${testInfo.project.name}-${Date.now().toString(36)}`;
  const trialName = `Stars Check-in Trial ${run}`;
  const academy = await sessionOf(request, STARS, true);
  const chidi = await sessionOf(request, CHIDI);
  const emeka = await sessionOf(request, EMEKA);

  // A new trial must be dated after today; the check-in itself is not tied to the date.
  const trialId = await createTrialAs(request, academy, { name: trialName, limit: 10, inDays: 2 });
  const chidiCode = (await registerAs(request, chidi, trialId)).reference_code;
  const emekaCode = (await registerAs(request, emeka, trialId)).reference_code;

  // The check-in is a phone's job (the phone project); the desktop one shows the wide layout.
  await signInAs(club, request, STARS, 'academy');
  await club.goto(`/academy/trial_details/${trialId}`);
  await expect(club.getByText('0 of 2 checked in')).toBeVisible();
  await club.getByRole('link', { name: 'Check in players' }).click();
  await expect(club).toHaveURL(new RegExp(`/academy/trial_checkin/${trialId}$`));
  await expect(club.getByRole('heading', { level: 1, name: 'Check in players' })).toBeVisible();
  const notYet = club.getByRole('list', { name: /^Not yet/ });
  await expect(notYet.getByText(chidi.name, { exact: true })).toBeVisible();

  const result = club.getByTestId('checkin-result');
  const code = club.getByLabel('Reference code');
  await code.fill(chidiCode.toLowerCase());
  await club.getByRole('button', { name: 'Check in' }).click();
  await expect(result).toHaveText(`Checked in: ${chidi.name}`);
  await code.fill(emekaCode);
  await code.press('Enter');
  await expect(result).toHaveText(`Checked in: ${emeka.name}`);
  const here = club.getByRole('list', { name: /^Checked in/ });
  await expect(here.getByText(chidi.name, { exact: true })).toBeVisible();
  await expect(here.getByText(emeka.name, { exact: true })).toBeVisible();
  await expect(club.getByText('2 of 2 checked in')).toBeVisible();

  // A second scan (or a queued resend) is harmless.
  await code.fill(chidiCode);
  await club.getByRole('button', { name: 'Check in' }).click();
  await expect(result).toContainText(`Already checked in: ${chidi.name} at`);
  await keepScreenshot(club, testInfo, 'checkin-phone');

  // An unknown code answers the API's message.
  await code.fill('TL-ZZZZZZ');
  await club.getByRole('button', { name: 'Check in' }).click();
  await expect(result).not.toContainText('Checked in');
  await expect(result).not.toBeEmpty();

  await club.goto(`/academy/trial_details/${trialId}`);
  await expect(club.getByText('2 of 2 checked in')).toBeVisible();

  // The player's registration carries the code as a QR code, and as text.
  const player = await openWindow(browser, testInfo);
  await signInAs(player, request, CHIDI, 'player');
  await player.goto(`/trial_details/${trialId}`);
  const card = player.getByRole('region', { name: 'Your registration' });
  const qr = card.getByRole('img', { name: new RegExp(chidiCode) });
  await expect(qr).toBeVisible();
  await expect(card.getByTestId('reference-code')).toHaveText(chidiCode);
  await keepScreenshot(player, testInfo, 'checkin-qr');
  await player.context().close();
});
