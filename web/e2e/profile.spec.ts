import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from '@playwright/test';
import { DEMO_PASSWORD, keepScreenshot, signInAs } from './support';

/** The user id of a demo account (from its login answer). */
async function userIdOf(request: APIRequestContext, email: string, isAcademy = false) {
  const answer = await request.post('/api/login', {
    data: { email, password: DEMO_PASSWORD, is_academy: isAcademy },
  });
  expect(answer.ok()).toBe(true);
  return ((await answer.json()) as { user_id: string }).user_id;
}

async function tokenOf(request: APIRequestContext, email: string) {
  const answer = await request.post('/api/token/', {
    data: { email, password: DEMO_PASSWORD, is_academy: false },
  });
  return ((await answer.json()) as { access: string }).access;
}

/**
 * Other journeys befriend and block these demo players on the same server: undo that, so Kemi is a
 * stranger to Tunde again (each call may answer an error when there is nothing to undo).
 */
async function makeStrangers(request: APIRequestContext, tunde: string, kemi: string) {
  const auth = (token: string) => ({ headers: { Authorization: `Bearer ${token}` } });
  const tundeToken = await tokenOf(request, 'player@touchline.test');
  const kemiToken = await tokenOf(request, 'kemi@touchline.test');
  await request.delete(`/api/block/${tunde}`, auth(kemiToken));
  await request.delete(`/api/block/${kemi}`, auth(tundeToken));
  await request.delete(`/api/friends/${kemi}`, auth(tundeToken));
  await request.post(`/api/cancel_request/${kemi}`, auth(tundeToken));
  await request.post(`/api/cancel_request/${tunde}`, auth(kemiToken));
}

/** A real small JPEG, drawn by the browser's canvas (the server re-encodes it). */
async function tinyJpeg(page: Page): Promise<Buffer> {
  const base64 = await page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 64;
    canvas.height = 64;
    const context = canvas.getContext('2d')!;
    context.fillStyle = '#059669';
    context.fillRect(0, 0, 64, 64);
    context.fillStyle = '#facc15';
    context.beginPath();
    context.arc(32, 32, 18, 0, Math.PI * 2);
    context.fill();
    return canvas.toDataURL('image/jpeg', 0.9).split(',')[1]!;
  });
  return Buffer.from(base64, 'base64');
}

test.describe('profiles', () => {
  test('a player edits their profile, photo, achievements and experience', async ({
    page,
    request,
  }, testInfo) => {
    await signInAs(page, request, 'player@touchline.test', 'player');
    await page.goto('/profile');
    await expect(page.getByRole('heading', { name: 'Tunde Bakare', level: 1 })).toBeVisible();
    const privateBox = page.getByRole('region', { name: 'Private — only you can see this' });
    await expect(privateBox).toContainText('player@touchline.test');
    await expect(page.getByTestId('pitch-position')).toBeVisible();
    await keepScreenshot(page, testInfo, 'profile-own');

    // Edit: bio, position on the pitch, phone.
    await page.getByRole('button', { name: 'Edit profile' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit profile' });
    await expect(dialog).toBeVisible();
    const bio = `Box-to-box midfielder, run ${testInfo.project.name}.`;
    await dialog.getByLabel('Bio').fill(bio);
    await dialog.getByRole('radio', { name: /\(LCM\)/ }).click();
    await dialog.getByRole('radio', { name: /\(CM\)/ }).click();
    await expect(dialog.getByRole('radio', { name: /\(CM\)/ })).toHaveAttribute(
      'aria-checked',
      'true',
    );
    await dialog.getByLabel('Phone').fill('0803 123 4567');
    await keepScreenshot(page, testInfo, 'profile-edit', { fullPage: false });
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText(bio)).toBeVisible();
    await expect(privateBox).toContainText('+2348031234567');

    // Profile photo: a real JPEG, shown in the top bar's avatar afterwards.
    await page.getByTestId('photo-input').setInputFiles({
      name: 'me.jpg',
      mimeType: 'image/jpeg',
      buffer: await tinyJpeg(page),
    });
    const topAvatar = page.getByRole('button', { name: 'Account menu' }).locator('img');
    await expect(topAvatar).toHaveAttribute('src', /\/media\//);
    await expect(page.getByRole('img', { name: 'Profile photo of Tunde Bakare' })).toBeVisible();

    // An achievement.
    await page
      .getByRole('link', { name: /Achievements/ })
      .first()
      .click();
    await expect(page).toHaveURL(/\/view_achievements$/);
    await page.getByRole('button', { name: 'Add achievement' }).click();
    const achievement = page.getByRole('dialog', { name: 'Add achievement' });
    const title = `Player of the Month (${testInfo.project.name})`;
    await achievement.getByLabel('Title').fill(title);
    await achievement.getByLabel('Issuing organisation').fill('Ikeja Youth League');
    await achievement.getByLabel('Month').selectOption({ label: 'March' });
    await achievement.getByLabel('Year').selectOption('2025');
    await achievement.getByLabel('Description').fill('Five goals and four assists in March.');
    await achievement.getByRole('button', { name: 'Add achievement' }).click();
    await expect(achievement).toBeHidden();
    const card = page.getByRole('article', { name: title });
    await expect(card).toContainText('Ikeja Youth League · Mar 2025');
    await keepScreenshot(page, testInfo, 'profile-achievements');

    // An experience entry with a free academy name.
    await page.goto('/view_experience');
    await expect(page.getByRole('link', { name: 'Lagos Stars Academy' })).toBeVisible();
    await page.getByRole('button', { name: 'Add experience' }).click();
    const experience = page.getByRole('dialog', { name: 'Add experience' });
    const team = `Ikeja Youth FC ${testInfo.project.name}`;
    await experience.getByRole('combobox', { name: 'Academy or team' }).fill(team);
    await experience.getByRole('radio', { name: /\(RCM\)/ }).click();
    await experience.getByLabel('Start month').selectOption({ label: 'January' });
    await experience.getByLabel('Start year').selectOption('2022');
    await experience.getByLabel('End month').selectOption({ label: 'March' });
    await experience.getByLabel('End year').selectOption('2023');
    await keepScreenshot(page, testInfo, 'profile-experience-form', { fullPage: false });
    await experience.getByRole('button', { name: 'Add experience' }).click();
    await expect(experience).toBeHidden();
    const entry = page.getByRole('listitem', { name: team });
    await expect(entry).toContainText('Jan 2022 – Mar 2023');
    await expect(entry).toContainText('RCM');
    await expect(page.getByRole('listitem', { name: 'Lagos Stars Academy' })).toContainText(
      'Present',
    );
    await keepScreenshot(page, testInfo, 'profile-experience');
  });

  test("another player's profile shows an age and Add friend, never private fields", async ({
    page,
    request,
  }, testInfo) => {
    const kemi = await userIdOf(request, 'kemi@touchline.test');
    const tunde = await signInAs(page, request, 'player@touchline.test', 'player');
    await makeStrangers(request, tunde.user_id, kemi);
    await page.goto(`/profile/${kemi}`);
    await expect(page.getByRole('heading', { name: 'Kemi Adeyemi', level: 1 })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Add friend' })).toBeVisible();
    await expect(page.getByText('22 years')).toBeVisible();
    await expect(page.getByText('Private — only you can see this')).toHaveCount(0);
    await expect(page.getByText('kemi@touchline.test')).toHaveCount(0);
    await expect(page.getByText('Date of birth')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Edit profile' })).toHaveCount(0);
    await keepScreenshot(page, testInfo, 'profile-other-player');
  });

  test('an academy opened under /profile moves to /academy/profile with Follow', async ({
    page,
    request,
  }, testInfo) => {
    const stars = await userIdOf(request, 'academy@touchline.test', true);
    await signInAs(page, request, 'player@touchline.test', 'player');
    await page.goto(`/profile/${stars}`);
    await expect(page).toHaveURL(new RegExp(`/academy/profile/${stars}$`));
    await expect(
      page.getByRole('heading', { name: 'Lagos Stars Academy', level: 1 }),
    ).toBeVisible();
    await expect(page.getByText('Verified', { exact: true })).toBeVisible();
    await expect(page.getByText('Followers', { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Follow' })).toBeVisible();
    await keepScreenshot(page, testInfo, 'profile-academy');
  });

  test('an academy sees its own profile with its private fields', async ({
    page,
    request,
  }, testInfo) => {
    await signInAs(page, request, 'academy@touchline.test', 'academy');
    await page.goto('/profile');
    await expect(page).toHaveURL(/\/academy\/profile$/);
    await expect(
      page.getByRole('heading', { name: 'Lagos Stars Academy', level: 1 }),
    ).toBeVisible();
    await expect(page.getByText('Private — only you can see this')).toBeVisible();
    await keepScreenshot(page, testInfo, 'profile-academy-own');
  });
});
