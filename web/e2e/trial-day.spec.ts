import { expect, test } from '@playwright/test';
import { keepScreenshot, openWindow, signInAs, viewOf } from './support';
import { bearer, createTrialAs, registerAs, sessionOf } from './trial-support';

/**
 * Issue 27's 'Done when', in one journey (supplement §17): a trial with two places fills and a
 * third player is waitlisted; a registrant cancels and the waitlisted player is promoted and told
 * live on their open trial page; on the day (the development-only `POST
 * /api/dev/trials/:id/today` brings the trial's date to today: the API refuses to create one dated
 * today) the academy's check-in page takes both attendees' codes typed in (the camera-less
 * fallback), the academy scores one attendee and shares it; the player reads the feedback on
 * /trial_history and the profile shows the measured sprint. The other players act through the
 * API, as their own apps would.
 */
const STARS = 'academy@touchline.test';
const TUNDE = 'player@touchline.test';
const CHIDI = 'chidi@touchline.test';
const EMEKA = 'emeka@touchline.test';

test('trial day: waitlisted, promoted live, checked in by code, evaluated and shared, measured on the profile', async ({
  page,
  browser,
  request,
}, testInfo) => {
  test.setTimeout(180_000);
  const run = `${testInfo.project.name}-${Date.now().toString(36)}`;
  const trialName = `Stars Trial Day ${run}`;
  const sprint = viewOf(testInfo) === 'phone' ? '4.07' : '4.12';
  const academy = await sessionOf(request, STARS, true);
  const chidi = await sessionOf(request, CHIDI);
  const emeka = await sessionOf(request, EMEKA);
  const tunde = await sessionOf(request, TUNDE);

  // 1. Two places fill; the third player is waitlisted.
  const trialId = await createTrialAs(request, academy, { name: trialName, limit: 2, inDays: 3 });
  const chidiReg = await registerAs(request, chidi, trialId);
  const emekaReg = await registerAs(request, emeka, trialId);
  await signInAs(page, request, TUNDE, 'player');
  const tundeReg = await registerAs(request, tunde, trialId, 'waitlisted');
  await page.goto(`/trial_details/${trialId}`);
  const card = page.getByRole('region', { name: 'Your registration' });
  await expect(card.getByText('Waitlisted — number 1 in line').first()).toBeVisible();

  // 2. A registrant cancels: the waitlisted player is promoted and told on the open page.
  const cancelled = await request.delete(`/api/player_trial/${chidiReg.id}`, {
    headers: bearer(chidi),
  });
  expect(cancelled.status(), await cancelled.text()).toBe(200);
  await expect(
    page.getByText(`A place opened at ${trialName}: you are registered`).first(),
  ).toBeVisible({ timeout: 30_000 });
  await expect(card.getByText('Registered', { exact: true })).toBeVisible();
  await expect(card.getByTestId('reference-code')).toHaveText(tundeReg.reference_code);

  // 3. The trial's day.
  const today = await request.post(`/api/dev/trials/${trialId}/today`);
  expect(today.status(), await today.text()).toBe(200);

  // The academy's check-in page (a phone on the phone project): both codes typed in.
  const club = await openWindow(browser, testInfo);
  await signInAs(club, request, STARS, 'academy');
  await club.goto(`/academy/trial_checkin/${trialId}`);
  await expect(club.getByRole('heading', { level: 1, name: 'Check in players' })).toBeVisible();
  const code = club.getByLabel('Reference code');
  const result = club.getByTestId('checkin-result');
  await code.fill(tundeReg.reference_code);
  await club.getByRole('button', { name: 'Check in' }).click();
  await expect(result).toHaveText(`Checked in: ${tunde.name}`);
  await code.fill(emekaReg.reference_code.toLowerCase());
  await code.press('Enter');
  await expect(result).toHaveText(`Checked in: ${emeka.name}`);
  await expect(club.getByText('2 of 2 checked in')).toBeVisible();
  await keepScreenshot(club, testInfo, 'trial-day-checkin');

  // 4. The academy scores the promoted player and shares it.
  await club.goto(`/academy/trial_details/${trialId}`);
  const registrants = club.getByRole('region', { name: /Registrants/ });
  await registrants.getByRole('link', { name: `Evaluate ${tunde.name}` }).click();
  await expect(
    club.getByRole('heading', { level: 1, name: `Evaluate ${tunde.name}` }),
  ).toBeVisible();
  await club.getByLabel('Criterion 1').fill('Pace');
  await club.getByLabel('Score for Pace').selectOption('4');
  await club.getByLabel('30 m sprint (seconds)').fill(sprint);
  await club.getByLabel('Notes for the player').fill('Strong on the ball; keep working on pace.');
  await club.getByLabel(/Share with the player/).check();
  await club.getByRole('button', { name: 'Save evaluation' }).click();
  await expect(club.getByText('Evaluation saved and shared with the player')).toBeVisible();
  await keepScreenshot(club, testInfo, 'trial-day-evaluation');
  // The dashboard: the trial's attendance and evaluation progress.
  await club.goto('/academy/home');
  const trialDay = club
    .getByRole('region', { name: 'Attendance and evaluation' })
    .getByRole('link', { name: new RegExp(trialName) });
  await expect(trialDay).toContainText('2 of 2 checked in · 1 of 2 evaluated');
  await keepScreenshot(club, testInfo, 'trial-day-dashboard');
  await club.context().close();

  // 5. The player reads the feedback, and the profile shows the measured sprint.
  await page.goto('/trial_history');
  const feedback = page.getByRole('region', { name: `Feedback from ${trialName}` });
  await expect(feedback).toContainText('Pace');
  await expect(feedback).toContainText('4 of 5');
  await expect(feedback).toContainText(`${sprint} s`);
  await keepScreenshot(page, testInfo, 'trial-day-feedback');
  await page.goto('/profile');
  const measured = page.getByRole('region', { name: 'Measured at trials' });
  await expect(measured).toContainText(`${sprint} s`);
  await expect(measured).toContainText(`Measured at ${trialName}`);
  await keepScreenshot(page, testInfo, 'trial-day-profile');
});
