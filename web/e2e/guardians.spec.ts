import type { APIRequestContext } from '@playwright/test';
import { expect, test } from '@playwright/test';
import { apiSignIn, readCode, STRONG_PASSWORD, uniqueEmail, yearsAgo } from './auth-support';
import { DEMO_PASSWORD, keepScreenshot, openWindow, signInAs } from './support';

/**
 * Supplement §14 (issue 23's journey, but the trial approval): a 13-year-old signs up naming a
 * guardian; an academy's search does not find them, chat and trials refuse them, and their screens
 * say why instead of offering those actions; the guardian opens the consent link from the
 * development mailbox, creates a guardian account (e-mail code), consents, and an academy's search
 * finds the child; the academy messages the child, the guardian is told (e-mail) and reads the
 * conversation on /guardian/home; then the guardian withdraws consent and the child's open tab is
 * signed out.
 */

const ACADEMY = 'academy@touchline.test';

type Mail = { to: string; subject: string; text: string; created_at: string };

/** The consent link's path, from the e-mail to the guardian. */
async function consentLink(request: APIRequestContext, guardianEmail: string): Promise<string> {
  let link: string | null = null;
  await expect
    .poll(
      async () => {
        const response = await request.get('/api/dev/mailbox', { params: { to: guardianEmail } });
        if (!response.ok()) return null;
        const { messages } = (await response.json()) as { messages: Mail[] };
        const mail = messages.find((m) => m.subject.includes('needs your consent'));
        link = mail ? (/\/guardian\/consent\/[A-Za-z0-9_-]+/.exec(mail.text)?.[0] ?? null) : null;
        return link;
      },
      { message: `the consent e-mail to ${guardianEmail}`, timeout: 15_000 },
    )
    .not.toBeNull();
  return link!;
}

/** The names an academy's search answers for `q`. */
async function academySearch(request: APIRequestContext, access: string, q: string) {
  const response = await request.get('/api/search', {
    params: { q },
    headers: { Authorization: `Bearer ${access}` },
  });
  expect(response.ok(), await response.text()).toBe(true);
  return ((await response.json()) as { name: string }[]).map((user) => user.name);
}

test('a guardian consents through the e-mailed link, then withdraws and the child is signed out', async ({
  page,
  request,
  browser,
}, testInfo) => {
  test.setTimeout(120_000);
  const run = Date.now().toString(36);
  const childName = `Chidi Consent ${run}`;
  const childEmail = uniqueEmail('chidi', testInfo);
  const guardianEmail = uniqueEmail('chidi-mum', testInfo);

  // The child signs up (13, so a guardian must consent) and verifies their e-mail.
  const signup = await request.post('/api/signup', {
    multipart: {
      username: childName,
      email: childEmail,
      dob: yearsAgo(13),
      password: STRONG_PASSWORD,
      state: 'Lagos',
      district: 'Ikeja',
      sport: 'football',
      customSport: '',
      is_academy: 'false',
      guardian_email: guardianEmail,
    },
  });
  expect(signup.status(), await signup.text()).toBe(201);
  const verify = await request.put('/api/otp_verification', {
    data: { email: childEmail, otp: await readCode(request, childEmail) },
  });
  expect(verify.ok(), await verify.text()).toBe(true);

  const academy = await apiSignIn(request, ACADEMY, DEMO_PASSWORD, { is_academy: true });
  expect(await academySearch(request, academy.access, run)).not.toContain(childName);

  // Chat and trials refuse the child until a guardian consents; so does an academy's 'Message'.
  const child = await apiSignIn(request, childEmail, STRONG_PASSWORD);
  const asChild = { Authorization: `Bearer ${child.access}` };
  const asAcademy = { Authorization: `Bearer ${academy.access}` };
  for (const refused of [
    await request.post('/api/chat', { headers: asChild, data: { receiver_id: academy.user_id } }),
    await request.post('/api/player_trial', { headers: asChild, data: {} }),
    await request.post('/api/follow', { headers: asChild, data: { academy: academy.user_id } }),
  ]) {
    expect(refused.status(), await refused.text()).toBe(403);
    expect(((await refused.json()) as { code: string }).code).toBe('guardian.consent_required');
  }
  const stranger = await request.post('/api/chat', {
    headers: asAcademy,
    data: { receiver_id: child.user_id },
  });
  expect(stranger.status()).toBe(404);

  // The child's tab: no composer, the reason instead (and the banner with 'Resend').
  const childPage = await openWindow(browser, testInfo);
  await signInAs(childPage, request, childEmail, 'player', STRONG_PASSWORD);
  await childPage.goto('/home');
  // The feed itself is refused (403) and keeps loading; the composer says why at once.
  await expect(childPage.getByRole('region', { name: 'Create a post' })).toContainText(
    'You can post once your guardian gives consent',
    { timeout: 20_000 },
  );
  await expect(childPage.getByRole('button', { name: 'Start a post' })).toHaveCount(0);
  await expect(childPage.getByRole('button', { name: 'Resend to my guardian' })).toBeVisible();
  await keepScreenshot(childPage, testInfo, 'child-awaiting-consent');

  // The guardian opens the link, creates a guardian account and consents.
  await page.goto(await consentLink(request, guardianEmail));
  await expect(
    page.getByRole('heading', { name: 'Your consent for your child on Touchline' }),
  ).toBeVisible();
  await expect(page.getByText(/^Notice version /)).toBeVisible();
  await keepScreenshot(page, testInfo, 'guardian-consent');
  await page.getByLabel('Your name').fill('Ngozi Consent');
  await expect(page.getByLabel('Email')).toHaveValue(guardianEmail);
  await page.getByLabel('Password', { exact: true }).fill(STRONG_PASSWORD);
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.getByLabel('Verification code').fill(await readCode(request, guardianEmail));
  await page.getByRole('button', { name: 'Verify and continue' }).click();
  await page.getByLabel(`Your relationship to ${childName}`).fill('Mother');
  await keepScreenshot(page, testInfo, 'guardian-consent-decide');
  await page.getByRole('button', { name: 'Give consent' }).click();
  await expect(page.getByRole('heading', { name: 'Consent given' })).toBeVisible();
  await expect(page.getByRole('status')).toContainText(`${childName}'s account is now active`);
  await keepScreenshot(page, testInfo, 'guardian-consent-given');

  // An academy's search now finds the child.
  await expect
    .poll(() => academySearch(request, academy.access, run), { timeout: 15_000 })
    .toContain(childName);

  // The child follows the academy; the academy messages the child.
  const followed = await request.post('/api/follow', {
    headers: asChild,
    data: { academy: academy.user_id },
  });
  expect(followed.ok(), await followed.text()).toBe(true);
  const opened = await request.post('/api/chat', {
    headers: asAcademy,
    data: { receiver_id: child.user_id },
  });
  expect(opened.ok(), await opened.text()).toBe(true);
  const { thread_name } = (await opened.json()) as { thread_name: string };
  const hello = `Hello ${run}, come to our open trial on Saturday`;
  const sent = await request.post(`/api/chat/${thread_name}/messages`, {
    headers: asAcademy,
    data: { text: hello },
  });
  expect(sent.status(), await sent.text()).toBe(201);

  // The guardian is told at once by e-mail (and in-app) that the academy started a conversation.
  await expect
    .poll(
      async () => {
        const response = await request.get('/api/dev/mailbox', { params: { to: guardianEmail } });
        if (!response.ok()) return [];
        return ((await response.json()) as { messages: Mail[] }).messages.map((m) => m.subject);
      },
      { timeout: 15_000 },
    )
    .toContainEqual(expect.stringContaining(`has messaged ${childName}`));

  // The child's tab is open (reloaded: consent given) when the guardian withdraws consent.
  await childPage.reload();
  await expect(childPage.getByRole('button', { name: 'Start a post' })).toBeVisible();

  await page.getByRole('link', { name: 'Go to your guardian page' }).click();
  await expect(page).toHaveURL(/\/guardian\/home$/);
  const card = page
    .getByRole('article')
    .filter({ has: page.getByRole('heading', { name: childName }) });
  await expect(card).toContainText('Consent given');
  await expect(card).toContainText('No trial registrations yet.');
  // The academy's conversation with the child, read only.
  await card.getByRole('button', { name: /Lagos Stars Academy/ }).click();
  await expect(card.getByRole('list', { name: 'Messages' })).toContainText(hello);
  await expect(card.getByRole('textbox')).toHaveCount(0);
  await keepScreenshot(page, testInfo, 'guardian-home');

  await card.getByRole('button', { name: 'Withdraw consent' }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText('erased after 30 days');
  await keepScreenshot(page, testInfo, 'guardian-withdraw-dialog', { fullPage: false });
  await dialog.getByRole('button', { name: 'Withdraw consent' }).click();
  await expect(page.getByText(`Consent withdrawn. ${childName}'s account is hidden`)).toBeVisible();
  await expect(card).toContainText('Consent withdrawn');

  // The child's open tab ends on the login page; the academy no longer finds them.
  await expect(childPage).toHaveURL(/\/$/, { timeout: 20_000 });
  expect(await academySearch(request, academy.access, run)).not.toContain(childName);
  await childPage.context().close();
});

test('the demo guardian signs in at /guardian/login and sees Amaka and Musa', async ({
  page,
}, testInfo) => {
  await page.goto('/guardian/login');
  await page.getByLabel('Email').fill('guardian@touchline.test');
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await keepScreenshot(page, testInfo, 'guardian-login');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/guardian\/home$/);
  for (const name of ['Amaka Obi', 'Musa Ibrahim']) {
    await expect(page.getByRole('heading', { name })).toBeVisible();
  }
  await expect(page.getByRole('radio', { name: 'Friends and academies' }).first()).toBeVisible();
  // Musa's conversation with an academy opens read only: messages, no composer.
  const musa = page
    .getByRole('article')
    .filter({ has: page.getByRole('heading', { name: 'Musa Ibrahim' }) });
  await musa.getByRole('button', { name: /Lagos Stars Academy/ }).click();
  await expect(
    musa.getByRole('list', { name: 'Messages' }).getByRole('listitem').first(),
  ).toBeVisible();
  await expect(musa.getByRole('textbox')).toHaveCount(0);
  await keepScreenshot(page, testInfo, 'guardian-home-demo');
});

test('an administrator sees accounts awaiting consent and the ledger at /admin/consents', async ({
  page,
  request,
}, testInfo) => {
  await signInAs(page, request, 'admin@touchline.test', 'admin');
  await page.goto('/admin/consents');
  await expect(page.getByRole('heading', { name: 'Consents' })).toBeVisible();
  // The demo's 14-year-old still waits; the demo guardian's consents are in the ledger.
  await expect(page.getByRole('region', { name: 'Accounts awaiting consent' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Consent ledger' })).toContainText('Given');
  await keepScreenshot(page, testInfo, 'admin-consents');
  await page.getByRole('button', { name: 'Ledger' }).click();
  await expect(page).toHaveURL(/\/admin\/consents\?status=ledger$/);
  await expect(page.getByRole('region', { name: 'Accounts awaiting consent' })).toHaveCount(0);
});
