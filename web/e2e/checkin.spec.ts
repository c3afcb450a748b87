import type { APIRequestContext } from '@playwright/test';
import { expect, test } from '@playwright/test';
import { DEMO_PASSWORD, keepScreenshot, openWindow, signInAs } from './support';

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

type Session = { access: string; dob: string | null; name: string };

async function sessionOf(
  request: APIRequestContext,
  email: string,
  isAcademy = false,
): Promise<Session> {
  const credentials = { email, password: DEMO_PASSWORD, is_academy: isAcademy };
  const login = await request.post('/api/login', { data: credentials });
  expect(login.ok(), `POST /api/login as ${email}`).toBe(true);
  const answer = (await login.json()) as { user: string; dob: string | null };
  const token = await request.post('/api/token/', { data: credentials });
  expect(token.ok(), `POST /api/token/ as ${email}`).toBe(true);
  const { access } = (await token.json()) as { access: string };
  return { access, dob: answer.dob, name: answer.user };
}

const bearer = (session: Session) => ({ Authorization: `Bearer ${session.access}` });
const dayFromToday = (days: number) =>
  new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

async function register(request: APIRequestContext, player: Session, trialId: string) {
  const answer = await request.post('/api/player_trial', {
    headers: bearer(player),
    data: {
      trial: trialId,
      name: player.name,
      dob: player.dob,
      phone: '08051234567',
      email: 'player@example.test',
      state: 'Lagos',
      district: 'Surulere',
      level: 'state',
      answers: [],
    },
  });
  expect(answer.status(), await answer.text()).toBe(201);
  const body = (await answer.json()) as { id: string; status: string; reference_code: string };
  expect(body.status).toBe('registered');
  return body.reference_code;
}

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

  const created = await request.post('/api/trial', {
    headers: bearer(academy),
    data: {
      name: trialName,
      sport: 'football',
      state: 'Lagos',
      district: 'Surulere',
      venue: 'Teslim Balogun Stadium',
      // A new trial must be dated after today; the check-in itself is not tied to the date.
      trial_date: dayFromToday(2),
      start_time: '09:00',
      deadline: dayFromToday(1),
      total_participant_limit: 10,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const trialId = ((await created.json()) as { id: string }).id;
  const chidiCode = await register(request, chidi, trialId);
  const emekaCode = await register(request, emeka, trialId);

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
