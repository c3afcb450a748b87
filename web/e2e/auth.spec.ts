import { expect, test } from '@playwright/test';
import {
  STRONG_PASSWORD,
  createPlayer,
  enterCode,
  logIn,
  readCode,
  uniqueEmail,
  yearsAgo,
} from './auth-support';
import { keepScreenshot } from './support';

const ADMIN = 'admin@touchline.test';
const DEMO_PASSWORD = 'Touchline@2026';

/** A one-page PDF, small and real enough for the server's content check. */
const LICENCE_PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj <</Type /Catalog /Pages 2 0 R>> endobj\n' +
    '2 0 obj <</Type /Pages /Kids [3 0 R] /Count 1>> endobj\n' +
    '3 0 obj <</Type /Page /Parent 2 0 R /MediaBox [0 0 200 200]>> endobj\n' +
    'trailer <</Root 1 0 R>>\n%%EOF\n',
);

test.describe('sign-up, verification and login', () => {
  test('a player signs up, verifies the e-mail code, logs in and lands on /home', async ({
    page,
    request,
  }, testInfo) => {
    const email = uniqueEmail('ada', testInfo);
    const name = 'Ada Nwosu';
    await page.goto('/signup');
    await page.getByLabel('Name').fill(name);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Date of birth').fill(yearsAgo(14));
    await page.getByLabel('Password', { exact: true }).fill(STRONG_PASSWORD);
    // Under 18: the guardian's e-mail is asked for (supplement §14).
    await page.getByLabel("Guardian's e-mail").fill(`guardian.${email}`);
    await page.getByLabel("Guardian's phone (optional)").fill('0803 123 4567');
    await keepScreenshot(page, testInfo, 'auth-signup-guardian');
    await page.getByRole('button', { name: 'Next' }).click();

    await page.getByLabel('State', { exact: true }).selectOption('Lagos');
    await page.getByLabel('LGA', { exact: true }).selectOption('Ikeja');
    await page.getByLabel('Interested sport').selectOption('football');
    await keepScreenshot(page, testInfo, 'auth-signup-step2');
    await page.getByRole('button', { name: 'Submit' }).click();

    const done = page.getByRole('alertdialog', { name: 'Registration successful' });
    await expect(done.getByText('Check your email for verification')).toBeVisible();
    await keepScreenshot(page, testInfo, 'auth-signup-done');
    await done.getByRole('button', { name: 'OK' }).click();

    await expect(page).toHaveURL((url) => url.pathname === '/otp_verification');
    expect(new URL(page.url()).searchParams.get('email')).toBe(email);
    await expect(page.getByTestId('masked-email')).toHaveText(
      `${email.slice(0, 2)}***@example.test`,
    );
    await enterCode(page, await readCode(request, email));
    await keepScreenshot(page, testInfo, 'auth-otp');
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page.getByText('Email verified successfully')).toBeVisible();
    await expect(page).toHaveURL((url) => url.pathname === '/');

    await logIn(page, email, STRONG_PASSWORD);
    await expect(page).toHaveURL((url) => url.pathname === '/home');
    await expect(page.getByRole('heading', { name: new RegExp(name) })).toBeVisible();
    // The child's account waits for the guardian's consent, and can ask for the e-mail again.
    const waiting = page.getByRole('region', { name: 'Waiting for your guardian’s consent' });
    await expect(waiting).toBeVisible();
    await waiting.getByRole('button', { name: 'Resend to my guardian' }).click();
    await expect(
      waiting.getByText('We have sent the consent e-mail to your guardian again'),
    ).toBeVisible();
    await keepScreenshot(page, testInfo, 'auth-player-home');
  });

  test('empty and invalid signup and login forms show the specification messages', async ({
    page,
  }, testInfo) => {
    await page.goto('/signup');
    await page.getByRole('button', { name: 'Next' }).click();
    for (const message of [
      'Name is required',
      'Email is required',
      'Date of birth is required',
      'Password is required',
    ]) {
      await expect(page.getByText(message, { exact: true })).toBeVisible();
    }
    await keepScreenshot(page, testInfo, 'auth-signup-step1-errors');

    await page.getByLabel('Name').fill('Tobi');
    await page.getByLabel('Email').fill('tobi@nowhere');
    await page.getByLabel('Date of birth').fill(yearsAgo(5));
    await page.getByLabel('Password', { exact: true }).fill('password');
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByText('Email is Invalid', { exact: true })).toBeVisible();
    await expect(page.getByText('Minimum age required is 7', { exact: true })).toBeVisible();
    await expect(
      page.getByText(
        'Password must contain at least one symbol, one number, one uppercase letter, one lowercase letter, and a minimum length of 6 characters',
      ),
    ).toBeVisible();

    await page.getByLabel('Email').fill('tobi@example.test');
    await page.getByLabel('Date of birth').fill(yearsAgo(9));
    await page.getByLabel('Password', { exact: true }).fill(STRONG_PASSWORD);
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByLabel("Guardian's e-mail")).toHaveAccessibleDescription(
      "Enter your parent's or guardian's e-mail address",
    );
    await page.getByLabel("Guardian's e-mail").fill('tobi@example.test');
    await page.getByLabel("Guardian's phone (optional)").fill('12345');
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByLabel("Guardian's e-mail")).toHaveAccessibleDescription(
      "Your guardian's e-mail must be different from your own",
    );
    await keepScreenshot(page, testInfo, 'auth-signup-guardian-errors');
    await page.getByLabel("Guardian's e-mail").fill('tobis.mum@example.test');
    await page.getByLabel("Guardian's phone (optional)").fill('');
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('button', { name: 'Submit' }).click();
    for (const message of ['State is required', 'LGA is required', 'Sport is required']) {
      await expect(page.getByText(message, { exact: true })).toBeVisible();
    }
    await page.getByLabel('State', { exact: true }).selectOption('Kano');
    await page.getByLabel('LGA', { exact: true }).selectOption('Kano Municipal');
    await page.getByLabel('Interested sport').selectOption('other');
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByText('Please specify the sport', { exact: true })).toBeVisible();
    await keepScreenshot(page, testInfo, 'auth-signup-step2-errors');

    await page.goto('/');
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page.getByText('Email is required', { exact: true })).toBeVisible();
    await expect(page.getByText('Password is required', { exact: true })).toBeVisible();
    await keepScreenshot(page, testInfo, 'auth-login-errors');
  });

  test('an academy signs up with its licence, verifies, and logs in to /academy/home', async ({
    page,
    request,
  }, testInfo) => {
    const email = uniqueEmail('coach', testInfo);
    const name = 'Surulere Stars Academy';
    await page.goto('/academy/signup');
    await page.getByLabel('Academy name').fill(name);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Established date').fill('2016-09-01');
    await page.getByLabel('Password', { exact: true }).fill(STRONG_PASSWORD);
    await page.getByRole('button', { name: 'Next' }).click();

    await page.getByLabel('State', { exact: true }).selectOption('Lagos');
    await page.getByLabel('LGA', { exact: true }).selectOption('Surulere');
    await page.locator('label').filter({ hasText: 'Football' }).click();
    await page.locator('label').filter({ hasText: 'Basketball' }).click();
    await page.getByLabel('Licence document').setInputFiles({
      name: 'licence.pdf',
      mimeType: 'application/pdf',
      buffer: LICENCE_PDF,
    });
    await expect(page.getByText('licence.pdf')).toBeVisible();
    await keepScreenshot(page, testInfo, 'auth-academy-signup-step2');
    await page.getByRole('button', { name: 'Submit' }).click();

    const done = page.getByRole('alertdialog', { name: 'Registration successful' });
    await done.getByRole('button', { name: 'OK' }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/otp_verification');
    await enterCode(page, await readCode(request, email));
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page.getByText('Email verified successfully')).toBeVisible();
    await expect(page).toHaveURL((url) => url.pathname === '/academy/login');

    await logIn(page, email, STRONG_PASSWORD);
    await expect(page).toHaveURL((url) => url.pathname === '/academy/home');
    await expect(page.getByRole('heading', { name: new RegExp(name) })).toBeVisible();
    await keepScreenshot(page, testInfo, 'auth-academy-home');
  });

  test('an administrator logs in at /admin/login but not at /', async ({ page }, testInfo) => {
    await page.goto('/');
    await logIn(page, ADMIN, DEMO_PASSWORD);
    const error = page.getByRole('alertdialog', { name: 'Error' });
    await expect(error.getByText('This account cannot sign in here')).toBeVisible();
    await keepScreenshot(page, testInfo, 'auth-admin-wrong-area');
    await error.getByRole('button', { name: 'OK' }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/');

    await page.goto('/admin/login');
    await logIn(page, ADMIN, DEMO_PASSWORD);
    await expect(page).toHaveURL((url) => url.pathname === '/admin/home');
    await keepScreenshot(page, testInfo, 'auth-admin-home');
  });

  test('an unverified login is told to verify and sent to the code page', async ({
    page,
    request,
  }, testInfo) => {
    const email = uniqueEmail('late', testInfo);
    await createPlayer(request, { name: 'Kemi Late', email, verified: false });
    await page.goto('/');
    await logIn(page, email, STRONG_PASSWORD);
    const info = page.getByRole('alertdialog', { name: 'Verification Incomplete' });
    await expect(info.getByText('Check your email for verification')).toBeVisible();
    await keepScreenshot(page, testInfo, 'auth-verification-incomplete');
    await info.getByRole('button', { name: 'OK' }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/otp_verification');
    expect(new URL(page.url()).searchParams.get('email')).toBe(email);
    await expect(page.getByRole('button', { name: 'Resend code' })).toBeDisabled();

    await enterCode(page, await readCode(request, email));
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/');
    await logIn(page, email, STRONG_PASSWORD);
    await expect(page).toHaveURL((url) => url.pathname === '/home');
  });

  test('a forgotten password is reset with an e-mailed code', async ({
    page,
    request,
  }, testInfo) => {
    const email = uniqueEmail('forgot', testInfo);
    const newPassword = 'Fresh$Start9';
    await createPlayer(request, { name: 'Bayo Forget', email });
    const verifyCode = await readCode(request, email);

    await page.goto('/');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/forget_password');
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Send code' }).click();
    await enterCode(page, await readCode(request, email, 'reset', [verifyCode]));
    await page.getByRole('button', { name: 'Verify' }).click();

    await expect(page).toHaveURL((url) => url.pathname === '/reset_password');
    await page.getByLabel('New password', { exact: true }).fill(newPassword);
    await page.getByLabel('Confirm password', { exact: true }).fill(newPassword);
    await keepScreenshot(page, testInfo, 'auth-reset-password');
    await page.getByRole('button', { name: 'Reset password' }).click();
    await expect(page.getByText('Password reset successfully. You can now log in')).toBeVisible();
    await expect(page).toHaveURL((url) => url.pathname === '/');

    await logIn(page, email, STRONG_PASSWORD);
    await expect(page.getByRole('alertdialog', { name: 'Error' })).toBeVisible();
    await page.getByRole('button', { name: 'OK' }).click();
    await logIn(page, email, newPassword);
    await expect(page).toHaveURL((url) => url.pathname === '/home');
  });
});
