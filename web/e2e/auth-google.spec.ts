import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { googleIdToken, stubGoogleScript, uniqueEmail, yearsAgo } from './auth-support';
import { keepScreenshot } from './support';

test.describe('Google sign-in', () => {
  test.beforeAll(() => {
    // global-setup always starts the local Google key server; without it this journey must fail.
    expect(
      process.env.E2E_GOOGLE_PRIVATE_KEY,
      'the Google test key from global-setup',
    ).toBeTruthy();
  });

  test('a new Google user is signed up as a player, welcomed, and completes /welcome', async ({
    page,
  }, testInfo) => {
    const name = 'Chidi Okafor';
    const email = uniqueEmail('chidi', testInfo);
    const credential = googleIdToken({ sub: `google-${randomUUID()}`, email, name });
    await stubGoogleScript(page, credential);
    await page.goto('/signup');
    await keepScreenshot(page, testInfo, 'auth-signup-with-google');
    await page.getByRole('button', { name: 'Continue with Google' }).click();

    const welcome = page.getByRole('alertdialog');
    await expect(welcome.getByText(`Signup successfull, welcome ${name}`)).toBeVisible();
    await keepScreenshot(page, testInfo, 'auth-google-welcome-dialog');
    await welcome.getByRole('button', { name: 'OK' }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/welcome');

    await page.getByLabel('Date of birth').fill(yearsAgo(12));
    // Under 18: a guardian's e-mail is required (supplement §14).
    await page.getByLabel("Guardian's e-mail").fill(`guardian.${email}`);
    await page.getByLabel('State', { exact: true }).selectOption('Enugu');
    await page.getByLabel('LGA', { exact: true }).selectOption('Nsukka');
    await page.getByLabel('Interested sport').selectOption('basketball');
    await keepScreenshot(page, testInfo, 'auth-welcome');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/home');
    await expect(page.getByRole('heading', { name: new RegExp(name) })).toBeVisible();
    await expect(
      page.getByRole('region', { name: 'Waiting for your guardian’s consent' }),
    ).toBeVisible();
  });

  test('a Google token for another audience gets the "Can\'t login" dialog', async ({
    page,
  }, testInfo) => {
    const credential = googleIdToken({
      sub: `google-${randomUUID()}`,
      email: uniqueEmail('stranger', testInfo),
      name: 'Stranger',
      aud: 'someone-else.apps.googleusercontent.com',
    });
    await stubGoogleScript(page, credential);
    await page.goto('/');
    await page.getByRole('button', { name: 'Continue with Google' }).click();
    const dialog = page.getByRole('alertdialog', { name: "Can't login" });
    await expect(dialog.getByText('Google sign-in could not be verified')).toBeVisible();
    await expect(page).toHaveURL((url) => url.pathname === '/');
  });
});
