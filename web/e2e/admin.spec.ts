import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from '@playwright/test';
import { apiSignIn, createPlayer, readCode, uniqueEmail, yearsAgo } from './auth-support';
import { DEMO_PASSWORD, keepScreenshot, openWindow, signInAs, viewOf } from './support';

const ADMIN = 'admin@touchline.test';

/** A minimal PDF: the licence an academy signs up with (the type is sniffed from the bytes). */
const LICENCE_PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj <</Type /Catalog /Pages 2 0 R>> endobj\n' +
    '2 0 obj <</Type /Pages /Kids [3 0 R] /Count 1>> endobj\n' +
    '3 0 obj <</Type /Page /Parent 2 0 R /MediaBox [0 0 200 200]>> endobj\n' +
    'trailer <</Root 1 0 R>>\n%%EOF\n',
);

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

/** A date `days` from today (UTC is close enough: the trial is weeks ahead). */
const dayFromToday = (days: number) =>
  new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** Confirms an e-mailed sign-up code. */
async function verifyEmail(request: APIRequestContext, email: string) {
  const otp = await readCode(request, email);
  const verified = await request.put('/api/otp_verification', { data: { email, otp } });
  expect(verified.ok(), await verified.text()).toBe(true);
}

/** A new academy with its licence, e-mail confirmed, not yet verified by an administrator. */
async function createAcademy(request: APIRequestContext, name: string, email: string) {
  const signup = await request.post('/api/signup', {
    multipart: {
      username: name,
      email,
      established_on: '2015-03-01',
      password: DEMO_PASSWORD,
      state: 'Lagos',
      district: 'Surulere',
      sports: 'football',
      customSport: '',
      is_academy: 'true',
      licence: { name: 'licence.pdf', mimeType: 'application/pdf', buffer: LICENCE_PDF },
    },
  });
  expect(signup.status(), await signup.text()).toBe(201);
  await verifyEmail(request, email);
  return apiSignIn(request, email, DEMO_PASSWORD, { is_academy: true });
}

/** A new adult player (their posts are seen by everyone), e-mail confirmed. */
async function createAdult(request: APIRequestContext, name: string, email: string) {
  const signup = await request.post('/api/signup', {
    multipart: {
      username: name,
      email,
      dob: yearsAgo(25),
      password: DEMO_PASSWORD,
      state: 'Lagos',
      district: 'Ikeja',
      sport: 'football',
      customSport: '',
      is_academy: 'false',
    },
  });
  expect(signup.status(), await signup.text()).toBe(201);
  await verifyEmail(request, email);
  return apiSignIn(request, email, DEMO_PASSWORD);
}

/** Publishes a free trial as the academy; answers the response. */
const publishTrial = (request: APIRequestContext, token: string, name: string) =>
  request.post('/api/trial', {
    headers: bearer(token),
    data: {
      name,
      sport: 'football',
      state: 'Lagos',
      district: 'Surulere',
      venue: 'Teslim Balogun Stadium',
      trial_date: dayFromToday(30),
      start_time: '10:00',
      deadline: dayFromToday(20),
      registration_fee: 0,
    },
  });

/** Types into an admin search box (the list follows a moment later). */
async function search(page: Page, label: string, text: string) {
  await page.getByRole('searchbox', { name: label }).fill(text);
}

test.describe('administration', () => {
  test('an administrator verifies a new academy, blocks a player, removes a reported post, retries a failed job, cancels a trial; the audit log shows it all', async ({
    page: admin,
    browser,
    request,
  }, testInfo) => {
    test.setTimeout(180_000);
    const run = `${testInfo.project.name}-${Date.now().toString(36)}`;
    // A phone shows the long lists as cards, a wider screen as tables.
    const phone = viewOf(testInfo) === 'phone';
    const academyName = `Journey Academy ${run}`;
    const playerName = `Blocked Bola ${run}`;
    const posterName = `Spammy Sam ${run}`;
    const trialName = `Journey Trial ${run}`;
    const spam = `Cheap boots, send money first ${run}`;

    // The world: a new academy (not verified: it cannot publish), a player signed in in their
    // own window, an adult's post that the player reports.
    const academy = await createAcademy(request, academyName, uniqueEmail('academy', testInfo));
    const refused = await publishTrial(request, academy.access, trialName);
    expect(refused.status()).toBe(403);

    const playerEmail = uniqueEmail('player', testInfo);
    await createPlayer(request, { name: playerName, email: playerEmail, password: DEMO_PASSWORD });
    const playerTab = await openWindow(browser, testInfo);
    await signInAs(playerTab, request, playerEmail, 'player');
    await playerTab.goto('/home');
    await expect(playerTab.getByRole('heading', { name: new RegExp(playerName) })).toBeVisible();

    const poster = await createAdult(request, posterName, uniqueEmail('poster', testInfo));
    const posted = await request.post('/api/post', {
      headers: bearer(poster.access),
      multipart: { content: spam },
    });
    expect(posted.status(), await posted.text()).toBe(201);
    const postId = ((await posted.json()) as { id: string }).id;
    const playerToken = await playerTab.evaluate(() => localStorage.getItem('access'));
    const reported = await request.post('/api/report', {
      headers: bearer(playerToken!),
      data: { target: 'post', id: postId, reason: 'spam', details: 'Asks for money up front' },
    });
    expect(reported.ok(), await reported.text()).toBe(true);

    await signInAs(admin, request, ADMIN, 'admin');

    // 0. The dashboard: money as takings (confirmed payments, never below zero), refunds and net
    // (the demo world has a refunded registration).
    await admin.goto('/admin/home');
    const figure = (label: string) =>
      admin
        .locator('dt', { hasText: new RegExp(`^${label}$`) })
        .locator('xpath=following-sibling::dd[1]');
    for (const label of ['Takings', 'Refunds']) await expect(figure(label)).toHaveText(/^₦\d/);
    await expect(figure('Net')).toHaveText(/^-?₦\d/);
    await expect(admin.getByText('Takings and refunds per day')).toBeVisible();
    await keepScreenshot(admin, testInfo, 'admin-home');
    // What awaits review (the new academy, the report), each a link to its filtered list.
    const awaiting = admin.getByRole('region', { name: /^Awaiting review/ });
    await expect(awaiting.getByRole('link', { name: /^\d+ open reports?$/ })).toBeVisible();
    await awaiting.getByRole('link', { name: /^\d+ academ(y|ies) to verify$/ }).click();
    await expect(admin).toHaveURL(/\/admin\/academyview\?status=pending$/);
    await expect(admin.getByRole('button', { name: 'Pending', pressed: true })).toBeVisible();
    await expect(admin.getByText(academyName).first()).toBeVisible();

    // 1. The new academy is verified; it can then publish a trial.
    await admin.goto('/admin/academyview');
    await search(admin, 'Search academies', academyName);
    await admin.getByRole('button', { name: `Verify ${academyName}` }).click();
    const verifyDialog = admin.getByRole('alertdialog', { name: `Verify ${academyName}?` });
    await verifyDialog.getByRole('button', { name: 'Verify', exact: true }).click();
    await expect(admin.getByText(`${academyName} is verified`)).toBeVisible();
    await keepScreenshot(admin, testInfo, 'admin-journey-verified');
    const published = await publishTrial(request, academy.access, trialName);
    expect(published.status(), await published.text()).toBe(201);

    // 2. The player is blocked: their open tab is told and thrown out to the start page.
    await admin.goto('/admin/playerview');
    await search(admin, 'Search players', playerEmail);
    await admin.getByRole('button', { name: `Block ${playerName}` }).click();
    const blockDialog = admin.getByRole('dialog', { name: `Block ${playerName}?` });
    await blockDialog.getByLabel('Reason').fill(`Harassing other players (${run})`);
    await blockDialog.getByRole('button', { name: 'Block player' }).click();
    await expect(admin.getByText(`${playerName} is blocked`)).toBeVisible();
    await keepScreenshot(admin, testInfo, 'admin-journey-blocked');
    await expect(playerTab.getByText('You account is blocked')).toBeVisible({ timeout: 15_000 });
    await expect(playerTab).toHaveURL((url) => url.pathname === '/', { timeout: 15_000 });
    // The search lives in the address (replaced, not pushed): a reload keeps the filtered list.
    await expect(admin).toHaveURL(
      (url) =>
        url.pathname === '/admin/playerview' && url.searchParams.get('search') === playerEmail,
    );
    await admin.reload();
    await expect(admin.getByRole('searchbox', { name: 'Search players' })).toHaveValue(playerEmail);
    const players = admin.getByRole('table', { name: 'Players' });
    await expect(players.getByRole('row', { name: new RegExp(playerName) })).toContainText(
      'Blocked',
    );
    await expect(players.getByRole('row')).toHaveCount(2);

    // 3. The reported post is removed with a reason; its author is told.
    await admin.goto('/admin/reports');
    const report = admin.getByRole('listitem', {
      name: `Post by ${posterName} reported for Spam or scam`,
    });
    await expect(report).toContainText(spam);
    await expect(report).toContainText(`Reported by:${playerName}`);
    await keepScreenshot(admin, testInfo, 'admin-reports');
    await report.getByRole('button', { name: `Remove the post by ${posterName}` }).click();
    const removeDialog = admin.getByRole('dialog', { name: 'Remove this post?' });
    await removeDialog.getByLabel('Reason').fill(`Scam: asks for money (${run})`);
    await removeDialog.getByRole('button', { name: 'Remove post' }).click();
    await expect(admin.getByText('Content removed')).toBeVisible();
    await expect(report).toHaveCount(0);
    const gone = await request.get(`/api/post/${postId}`, { headers: bearer(poster.access) });
    expect(gone.status()).toBe(404);

    // 4. A failed job is shown with its reason, and retried (it fails again: its media is gone).
    const failing = await request.post('/api/dev/jobs/fail');
    expect(failing.ok(), await failing.text()).toBe(true);
    const job = (await failing.json()) as { queue: string; id: string };
    await admin.goto('/admin/queues');
    const queueCounts = admin.getByRole(phone ? 'list' : 'table', { name: 'Jobs per queue' });
    await expect(queueCounts).toContainText(job.queue);
    const failedJob = admin
      .getByRole('list', { name: 'Failed jobs' })
      .getByRole('listitem')
      .filter({ hasText: `#${job.id}` });
    // The queue screen polls every 10 s; Refresh asks at once while the job has not failed yet.
    await expect(async () => {
      await admin.getByRole('button', { name: 'Refresh' }).click();
      await expect(failedJob).toContainText('does not exist', { timeout: 2_000 });
    }).toPass({ timeout: 30_000 });
    await expect(failedJob).toContainText('1 attempt');
    await keepScreenshot(admin, testInfo, 'admin-queues');
    await failedJob.getByRole('button', { name: /^Retry / }).click();
    await expect(admin.getByText('Job queued again')).toBeVisible();

    // 5. The academy's new trial is cancelled with a reason.
    await admin.goto('/admin/trialview');
    await search(admin, 'Search trials', trialName);
    const trialRow = phone
      ? admin.getByRole('listitem', { name: trialName })
      : admin.getByRole('row', { name: new RegExp(trialName) });
    await expect(trialRow).toContainText('Active');
    await expect(admin.getByRole(phone ? 'list' : 'table', { name: 'Trials' })).not.toContainText(
      'Lagos Stars',
    );
    await keepScreenshot(admin, testInfo, 'admin-trials');
    await trialRow.getByRole('button', { name: `Cancel ${trialName}` }).click();
    const cancelDialog = admin.getByRole('dialog', { name: `Cancel ${trialName}?` });
    await cancelDialog.getByLabel('Reason').fill(`Venue unavailable (${run})`);
    await cancelDialog.getByRole('button', { name: 'Cancel trial' }).click();
    await expect(admin.getByText(/^Trial cancelled/)).toBeVisible();
    await expect(trialRow).toContainText('Cancelled');

    // 6. Accounts: takings per academy and the CSV file.
    await admin.goto('/admin/accounts');
    await expect(admin.getByRole('heading', { level: 1, name: 'Accounts' })).toBeVisible();
    await expect(admin.getByText('Net', { exact: true }).first()).toBeVisible();
    await keepScreenshot(admin, testInfo, 'admin-accounts');
    const download = admin.waitForEvent('download');
    await admin.getByRole('button', { name: 'Download CSV' }).click();
    expect((await download).suggestedFilename()).toMatch(/^touchline-accounts-.*\.csv$/);

    // 7. The audit log shows every change, with who, whom and why.
    await admin.goto('/admin/audit');
    const log = admin.getByRole(phone ? 'list' : 'table', { name: 'Audit log' });
    const entries = log.getByRole(phone ? 'listitem' : 'row');
    const entry = (what: string, text: string) =>
      entries.filter({ hasText: what }).filter({ hasText: text });
    await expect(entry('Verified an academy', academyName)).toHaveCount(1);
    await expect(entry('Blocked an account', playerName)).toContainText(
      `Harassing other players (${run})`,
    );
    await expect(entry('Removed reported content', posterName)).toContainText(
      `Scam: asks for money (${run})`,
    );
    await expect(entry('Retried a failed job', job.id).first()).toBeVisible();
    await expect(entry('Cancelled a trial', `Venue unavailable (${run})`)).toHaveCount(1);
    await keepScreenshot(admin, testInfo, 'admin-audit');
    await search(admin, 'Search the audit log', run);
    await expect(entry('Removed reported content', posterName)).toHaveCount(1);
    await expect(entries.filter({ hasText: 'Retried a failed job' })).toHaveCount(0);
  });
});
