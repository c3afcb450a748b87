import type { APIRequestContext } from '@playwright/test';
import { expect, test } from '@playwright/test';
import { apiSignIn, readCode, STRONG_PASSWORD, uniqueEmail, yearsAgo } from './auth-support';
import { DEMO_PASSWORD, keepScreenshot, openWindow, signInAs } from './support';

/**
 * Supplement §14, decision 42: a consented 15-year-old registers for a paid trial; it waits for
 * the guardian ('Waiting for your guardian’s approval'), the academy sees nothing of it; the
 * guardian approves on /guardian/home and pays in the sandbox checkout; only then the academy's
 * registrants list shows it. Consent is given through the API (the consent journey is
 * guardians.spec.ts); the screens of this item are driven in the browser.
 */

const ACADEMY = 'academy@touchline.test';
type Mail = { to: string; subject: string; text: string };

/** The consent link's token, from the e-mail to the guardian. */
async function consentToken(request: APIRequestContext, guardianEmail: string): Promise<string> {
  let token: string | null = null;
  await expect
    .poll(
      async () => {
        const response = await request.get('/api/dev/mailbox', { params: { to: guardianEmail } });
        if (!response.ok()) return null;
        const { messages } = (await response.json()) as { messages: Mail[] };
        const mail = messages.find((m) => m.subject.includes('needs your consent'));
        token = mail ? (/\/guardian\/consent\/([A-Za-z0-9_-]+)/.exec(mail.text)?.[1] ?? null) : null;
        return token;
      },
      { message: `the consent e-mail to ${guardianEmail}`, timeout: 15_000 },
    )
    .not.toBeNull();
  return token!;
}

/** A 15-year-old player whose guardian consented (a guardian account made from the link). */
async function consentedChild(
  request: APIRequestContext,
  names: { child: string; childEmail: string; guardianEmail: string },
) {
  const signup = await request.post('/api/signup', {
    multipart: {
      username: names.child,
      email: names.childEmail,
      dob: yearsAgo(15),
      password: STRONG_PASSWORD,
      state: 'Lagos',
      district: 'Ikeja',
      sport: 'football',
      customSport: '',
      is_academy: 'false',
      guardian_email: names.guardianEmail,
    },
  });
  expect(signup.status(), await signup.text()).toBe(201);
  const verify = await request.put('/api/otp_verification', {
    data: { email: names.childEmail, otp: await readCode(request, names.childEmail) },
  });
  expect(verify.ok(), await verify.text()).toBe(true);

  const token = await consentToken(request, names.guardianEmail);
  const guardianSignup = await request.post('/api/guardian/signup', {
    data: {
      token,
      username: 'Ngozi Approver',
      email: names.guardianEmail,
      password: STRONG_PASSWORD,
    },
  });
  expect(guardianSignup.status(), await guardianSignup.text()).toBe(201);
  const guardianVerify = await request.put('/api/otp_verification', {
    data: { email: names.guardianEmail, otp: await readCode(request, names.guardianEmail) },
  });
  expect(guardianVerify.ok(), await guardianVerify.text()).toBe(true);
  const guardian = await apiSignIn(request, names.guardianEmail, STRONG_PASSWORD, {
    is_guardian: true,
  });
  const consent = await request.post(`/api/guardian/consent/${token}`, {
    headers: { Authorization: `Bearer ${guardian.access}` },
    data: { decision: 'give', relationship: 'Mother' },
  });
  expect(consent.ok(), await consent.text()).toBe(true);
}

/** A date `days` from today (UTC; the trial is days ahead). */
const dayFromToday = (days: number) =>
  new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

test('a consented minor registers for a paid trial; the guardian approves and pays; only then the academy sees it', async ({
  page,
  request,
  browser,
}, testInfo) => {
  test.setTimeout(180_000);
  const run = `${testInfo.project.name}-${Date.now().toString(36)}`;
  const child = `Tobi Minor ${run}`;
  const childEmail = uniqueEmail('tobi', testInfo);
  const guardianEmail = uniqueEmail('tobi-mum', testInfo);
  await consentedChild(request, { child, childEmail, guardianEmail });

  const academy = await apiSignIn(request, ACADEMY, DEMO_PASSWORD, { is_academy: true });
  const academyAuth = { Authorization: `Bearer ${academy.access}` };
  const trialName = `Stars Junior Camp ${run}`;
  const created = await request.post('/api/trial', {
    headers: academyAuth,
    data: {
      name: trialName,
      sport: 'football',
      state: 'Lagos',
      district: 'Surulere',
      venue: 'Teslim Balogun Stadium',
      trial_date: dayFromToday(20),
      start_time: '09:00',
      deadline: dayFromToday(10),
      registration_fee: 250_000,
      total_participant_limit: 10,
      min_age: 13,
      max_age: 18,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const trialId = ((await created.json()) as { id: string }).id;
  const registrantNames = async () => {
    const response = await request.get(`/api/players_in_trial_list/${trialId}`, {
      headers: academyAuth,
    });
    expect(response.ok(), await response.text()).toBe(true);
    return ((await response.json()) as { registrants: { name: string; status: string }[] })
      .registrants;
  };

  // The child registers: no checkout, the guardian is asked.
  await signInAs(page, request, childEmail, 'player', STRONG_PASSWORD);
  await page.goto(`/register_trial/${trialId}`);
  await expect(page.getByLabel('Full name')).toHaveValue(child);
  await page.getByLabel('Phone number').fill('08061234567');
  await page.getByLabel('Level reached').selectOption('state');
  await expect(page.getByText(/Your guardian is asked to approve and pay ₦2,500/)).toBeVisible();
  await page.getByRole('button', { name: 'Register', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/trial_details/${trialId}$`));
  const mine = page.getByRole('region', { name: 'Your registration' });
  await expect(mine.getByText('Waiting for your guardian’s approval')).toBeVisible();
  await expect(mine).toContainText("Waiting for your guardian's approval. We told your guardian");
  await keepScreenshot(page, testInfo, 'guardian-trial-waiting');
  await page.goto('/trial_history');
  await expect(page.getByText('Waiting for your guardian’s approval').first()).toBeVisible();
  await keepScreenshot(page, testInfo, 'guardian-trial-history');

  // The academy sees nothing of it.
  expect(await registrantNames()).toEqual([]);

  // The guardian approves on /guardian/home and pays in the sandbox checkout.
  const guardianPage = await openWindow(browser, testInfo);
  await guardianPage.goto('/guardian/login');
  await guardianPage.getByLabel('Email').fill(guardianEmail);
  await guardianPage.getByLabel('Password', { exact: true }).fill(STRONG_PASSWORD);
  await guardianPage.getByRole('button', { name: 'Log in' }).click();
  await expect(guardianPage).toHaveURL(/\/guardian\/home$/);
  const approvals = guardianPage.getByRole('region', {
    name: `${child}'s registrations waiting for your approval`,
  });
  await expect(approvals).toContainText(trialName);
  await expect(approvals).toContainText('The academy sees the registration only once you approve');
  await keepScreenshot(guardianPage, testInfo, 'guardian-trial-approvals');
  await approvals.getByRole('button', { name: 'Approve and pay ₦2,500' }).click();
  await expect(guardianPage).toHaveURL(/\/sandbox\/checkout\/tlp_[0-9a-f]{24}$/, {
    timeout: 20_000,
  });
  // Approved but not paid yet: still nothing for the academy.
  expect(await registrantNames()).toEqual([]);
  await keepScreenshot(guardianPage, testInfo, 'guardian-trial-checkout', { fullPage: false });
  await guardianPage.getByRole('button', { name: 'Pay ₦2,500' }).click();
  await expect(guardianPage).toHaveURL(/\/payment_success\?reference=tlp_/, { timeout: 20_000 });
  await expect(guardianPage.getByRole('heading', { name: 'Payment successful' })).toBeVisible({
    timeout: 20_000,
  });
  await keepScreenshot(guardianPage, testInfo, 'guardian-trial-paid', { fullPage: false });
  await guardianPage.getByRole('link', { name: 'Back to your children' }).click();
  await expect(guardianPage).toHaveURL(/\/guardian\/home$/);
  await expect(approvals).toHaveCount(0);

  // Now the academy's registrants list shows it, and the child's page says Registered.
  await expect.poll(registrantNames, { timeout: 15_000 }).toEqual([
    expect.objectContaining({ name: child, status: 'registered' }),
  ]);
  await page.goto(`/trial_details/${trialId}`);
  await expect(mine.getByText('Registered', { exact: true })).toBeVisible();
  await guardianPage.context().close();
});
