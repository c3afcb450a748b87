import type { APIRequestContext } from '@playwright/test';
import { expect, test } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import sharp from 'sharp';
import yauzl from 'yauzl';
import { apiSignIn, createPlayer, STRONG_PASSWORD, uniqueEmail, yearsAgo } from './auth-support';
import { keepScreenshot, openWindow, signInAs } from './support';

/**
 * Supplement §15, 'Your data': an adult exports their data (the ZIP holds their posts, messages
 * and pictures) and deletes their account at once (their friend's chat shows 'Deleted user',
 * their pictures answer 404); another deletes and, signing in again, restores the account.
 */

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

/** The entries of a ZIP file, by name (read with yauzl, as any unzip tool would). */
function readZip(buffer: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(buffer, { lazyEntries: true }, (err, zip) => {
      if (err || !zip) return reject(err ?? new Error('not a zip'));
      const entries = new Map<string, Buffer>();
      zip.on('error', reject);
      zip.on('end', () => resolve(entries));
      zip.on('entry', (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (streamErr, stream) => {
          if (streamErr || !stream) return reject(streamErr ?? new Error('no stream'));
          const chunks: Buffer[] = [];
          stream.on('data', (chunk: Buffer) => chunks.push(chunk));
          stream.on('end', () => {
            entries.set(entry.fileName, Buffer.concat(chunks));
            zip.readEntry();
          });
        });
      });
      zip.readEntry();
    });
  });
}

/** An adult player through the API, signed in: answers the user id and access token. */
async function adult(request: APIRequestContext, name: string, email: string) {
  await createPlayer(request, { name, email, dob: yearsAgo(25) });
  return apiSignIn(request, email, STRONG_PASSWORD);
}

test('an adult exports their data, then deletes the account at once', async ({
  page,
  request,
  browser,
}, testInfo) => {
  test.setTimeout(120_000);
  const run = Date.now().toString(36);
  const ayoEmail = uniqueEmail('ayo', testInfo);
  const bisiEmail = uniqueEmail('bisi', testInfo);
  const ayo = await adult(request, 'Ayo Leaving', ayoEmail);
  const bisi = await adult(request, 'Bisi Staying', bisiEmail);
  await request.post('/api/friend_request', {
    headers: bearer(ayo.access),
    data: { to_user: bisi.user_id },
  });
  const accepted = await request.post(`/api/friend_request_accept/${ayo.user_id}`, {
    headers: bearer(bisi.access),
  });
  expect(accepted.ok(), await accepted.text()).toBe(true);

  const postText = `Last session at Onikan (${run})`;
  const picture = await sharp({
    create: { width: 160, height: 90, channels: 3, background: { r: 20, g: 120, b: 60 } },
  })
    .png()
    .toBuffer();
  const posted = await request.post('/api/post', {
    headers: bearer(ayo.access),
    multipart: {
      content: postText,
      image: { name: 'pitch.png', mimeType: 'image/png', buffer: picture },
    },
  });
  expect(posted.status(), await posted.text()).toBe(201);
  const pictureUrl = ((await posted.json()) as { image: string }).image;
  const opened = await request.post('/api/chat', {
    headers: bearer(ayo.access),
    data: { receiver_id: bisi.user_id },
  });
  const thread = ((await opened.json()) as { thread_name: string }).thread_name;
  const ayoSays = `Training moved to 7am (${run})`;
  const bisiSays = `See you there (${run})`;
  for (const [token, text] of [
    [ayo.access, ayoSays],
    [bisi.access, bisiSays],
  ] as const) {
    const sent = await request.post(`/api/chat/${thread}/messages`, {
      headers: bearer(token),
      data: { text },
    });
    expect(sent.ok(), await sent.text()).toBe(true);
  }

  await signInAs(page, request, ayoEmail, 'player', STRONG_PASSWORD);
  await page.goto('/settings');
  await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();

  await test.step('the export: asked for, prepared by the worker, downloaded', async () => {
    await page.getByRole('button', { name: 'Request my data' }).click();
    const download = page.getByRole('button', { name: 'Download ZIP' });
    await expect(download).toBeVisible({ timeout: 30_000 });
    await expect(page.getByRole('status')).toContainText('Your data is ready');
    await expect(page.getByText(/You can ask for your next export from/)).toBeVisible();
    await keepScreenshot(page, testInfo, 'your-data-ready');

    const [file] = await Promise.all([page.waitForEvent('download'), download.click()]);
    expect(file.suggestedFilename()).toMatch(/^touchline-data-\d{4}-\d{2}-\d{2}\.zip$/);
    const zip = await readZip(await readFile((await file.path())!));
    const posts = JSON.parse(zip.get('posts.json')!.toString()) as {
      content: string;
      media: string;
    }[];
    expect(posts.map((p) => p.content)).toEqual([postText]);
    expect(zip.has(posts[0]!.media)).toBe(true);
    const messages = zip.get('messages.json')!.toString();
    expect(messages).toContain(ayoSays);
    expect(messages).toContain(bisiSays);
    expect(messages).toContain('"partner_name": "Bisi Staying"');
    for (const name of [
      'profile.json',
      'comments.json',
      'friends-and-follows.json',
      'payments.json',
    ])
      expect(zip.has(name), name).toBe(true);
  });

  await test.step('the deletion: confirmed with the password, at once', async () => {
    await page.getByRole('button', { name: 'Delete my account' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Delete your account?' });
    await expect(dialog.getByLabel('Password', { exact: true })).toBeFocused();
    await dialog.getByLabel('Password', { exact: true }).fill(STRONG_PASSWORD);
    await dialog.getByRole('checkbox', { name: 'Delete at once' }).check();
    await keepScreenshot(page, testInfo, 'your-data-delete-dialog', { fullPage: false });
    await dialog.getByRole('button', { name: 'Delete my account' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByText('Your account and its data have been deleted')).toBeVisible();
  });

  await test.step("the friend's conversation shows 'Deleted user'; the pictures answer 404", async () => {
    await expect
      .poll(async () => (await request.get(pictureUrl)).status(), { timeout: 30_000 })
      .toBe(404);
    const bisiPage = await openWindow(browser, testInfo);
    await signInAs(bisiPage, request, bisiEmail, 'player', STRONG_PASSWORD);
    await bisiPage.goto(`/chat/${thread}`);
    const log = bisiPage.getByRole('log', { name: 'Messages' });
    await expect(log.getByText(bisiSays)).toBeVisible();
    await expect(log.getByText('message deleted')).toBeVisible();
    await expect(log.getByText(ayoSays)).toHaveCount(0);
    await expect(
      bisiPage.getByText('Deleted user').filter({ visible: true }).first(),
    ).toBeVisible();
    await keepScreenshot(bisiPage, testInfo, 'your-data-friend-chat', { fullPage: false });
    await bisiPage.context().close();
  });
});

test("signing in within the 30 days offers 'Restore my account'", async ({
  page,
  request,
}, testInfo) => {
  const email = uniqueEmail('comeback', testInfo);
  const me = await adult(request, 'Chika Returns', email);
  const deleted = await request.delete('/api/me', {
    headers: bearer(me.access),
    data: { password: STRONG_PASSWORD },
  });
  expect(deleted.ok(), await deleted.text()).toBe(true);

  await page.goto('/');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(STRONG_PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  const offer = page.getByRole('alertdialog', { name: 'Restore your account?' });
  await expect(offer).toContainText('was deleted and will be erased on');
  await keepScreenshot(page, testInfo, 'your-data-restore-offer', { fullPage: false });
  await offer.getByRole('button', { name: 'Restore my account' }).click();
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByRole('heading', { name: 'Welcome, Chika Returns' })).toBeVisible();
});
