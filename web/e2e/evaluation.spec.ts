import { expect, test } from '@playwright/test';
import { keepScreenshot, signInAs } from './support';

/**
 * Issue 27's evaluation journey (items 3–4, supplement §17): on a trial whose day has passed (the
 * demo's Lagos Stars Summer Screening, a week ago), the academy scores one registrant from its
 * registrants list, records the 30 m sprint and shares it; the player reads the feedback report
 * on /trial_history and their profile shows the sprint as 'Measured at <trial>, <date>'.
 */
const STARS = 'academy@touchline.test';
const KEMI = 'kemi@touchline.test';
const TRIAL = 'Lagos Stars Summer Screening';

test('the academy scores a registrant and shares it; the player reads the feedback and the measured sprint', async ({
  page,
  request,
  browser,
}, testInfo) => {
  test.setTimeout(120_000);
  const academy = await signInAs(page, request, STARS, 'academy');
  const list = await request.get('/api/academy_trials?tab=completed', {
    headers: { Authorization: `Bearer ${academy.access}` },
  });
  expect(list.ok()).toBe(true);
  const trial = ((await list.json()) as { trials: { id: string; name: string }[] }).trials.find(
    (t) => t.name === TRIAL,
  );
  expect(trial, 'the demo screening').toBeDefined();

  await page.goto(`/academy/trial_details/${trial!.id}`);
  const registrants = page.getByRole('region', { name: /Registrants/ });
  await registrants.getByRole('link', { name: /^Evaluate Kemi/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: /^Evaluate Kemi/ })).toBeVisible();

  const note = `Sharp first touch under pressure (${testInfo.project.name}).`;
  await page.getByLabel('Criterion 1').fill('Pace');
  await page.getByLabel('Score for Pace').selectOption('4');
  await page.getByLabel('Criterion 2').fill('First touch');
  await page.getByLabel('Score for First touch').selectOption('5');
  await page.getByLabel('30 m sprint (seconds)').fill('4.18');
  await page.getByLabel('Notes for the player').fill(note);
  await page.getByLabel(/Share with the player/).check();
  await keepScreenshot(page, testInfo, 'evaluation-form');
  await page.getByRole('button', { name: 'Save evaluation' }).click();
  await expect(page.getByText('Evaluation saved and shared with the player')).toBeVisible();

  // The dashboard counts the screening's attendance and its attendees evaluated.
  await page.goto('/academy/home');
  const progress = page
    .getByRole('region', { name: 'Attendance and evaluation' })
    .getByRole('link', { name: new RegExp(TRIAL) });
  await expect(progress).toContainText(/[12] of 2 evaluated/);
  await keepScreenshot(page, testInfo, 'evaluation-dashboard');

  // The player, in their own browser.
  const context = await browser.newContext({ ...testInfo.project.use });
  const player = await context.newPage();
  await signInAs(player, request, KEMI, 'player');
  await player.goto('/trial_history');
  const feedback = player.getByRole('region', { name: `Feedback from ${TRIAL}` });
  await expect(feedback).toContainText('Pace');
  await expect(feedback).toContainText('4 of 5');
  await expect(feedback).toContainText('4.18 s');
  await expect(feedback).toContainText(note);
  await keepScreenshot(player, testInfo, 'evaluation-feedback');

  await player.goto('/profile');
  const measured = player.getByRole('region', { name: 'Measured at trials' });
  await expect(measured).toContainText('4.18 s');
  await expect(measured).toContainText(`Measured at ${TRIAL}`);
  await keepScreenshot(player, testInfo, 'evaluation-profile');
  await context.close();
});
