import path from 'node:path';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { DEMO_PASSWORD, keepScreenshot, openWindow, signInAs, viewOf } from './support';

// Amaka (16) posts and Musa (12), her friend for the journey (friendship never crosses the 18
// line), reads: no other journey signs them in, so the per-address sign-in budget of the demo
// accounts the others share is left alone.
const AMAKA = 'amaka@touchline.test';
const MUSA = 'junior@touchline.test';
const STARS = 'academy@touchline.test';
const HOOPS = 'hoops@touchline.test';
const CLIP = path.resolve(import.meta.dirname, 'fixtures/clip.webm');

type Account = { token: string; userId: string };

/** A demo account's access token and id, for calls made on its behalf outside the browser. */
async function account(request: APIRequestContext, email: string, isAcademy = false) {
  const data = { email, password: DEMO_PASSWORD, is_academy: isAcademy };
  const login = await request.post('/api/login', { data });
  expect(login.ok()).toBe(true);
  const token = await request.post('/api/token/', { data });
  expect(token.ok()).toBe(true);
  return {
    token: ((await token.json()) as { access: string }).access,
    userId: ((await login.json()) as { user_id: string }).user_id,
  } satisfies Account;
}

const bearer = (who: Account) => ({ Authorization: `Bearer ${who.token}` });

/** Signs a page in (one login, one token) and reads its session back for API calls. */
async function signedInPage(page: Page, request: APIRequestContext, email: string) {
  const answer = await signInAs(page, request, email, 'player');
  await page.goto('/home');
  const token = await page.evaluate(() => localStorage.getItem('access'));
  expect(token).toBeTruthy();
  return { token: token!, userId: answer.user_id } satisfies Account;
}

/** Publishes a text post through the API; answers its id. */
async function postAs(request: APIRequestContext, who: Account, content: string) {
  const answer = await request.post('/api/post', {
    headers: bearer(who),
    multipart: { content },
  });
  expect(answer.status(), await answer.text()).toBe(201);
  return ((await answer.json()) as { id: string }).id;
}

/**
 * The journey runs once per project against one server: whatever tie the last run left (or a
 * block), start again from none, then make the two friends.
 */
async function befriend(request: APIRequestContext, poster: Account, friend: Account) {
  await request.delete(`/api/block/${poster.userId}`, { headers: bearer(friend) });
  await request.delete(`/api/block/${friend.userId}`, { headers: bearer(poster) });
  await request.delete(`/api/friends/${friend.userId}`, { headers: bearer(poster) });
  await request.post(`/api/cancel_request/${friend.userId}`, { headers: bearer(poster) });
  await request.post(`/api/cancel_request/${poster.userId}`, { headers: bearer(friend) });
  const asked = await request.post('/api/friend_request', {
    headers: bearer(poster),
    data: { to_user: friend.userId },
  });
  expect(asked.ok(), await asked.text()).toBe(true);
  const accepted = await request.post(`/api/friend_request_accept/${poster.userId}`, {
    headers: bearer(friend),
  });
  expect(accepted.ok(), await accepted.text()).toBe(true);
}

/** A JPEG whose EXIF carries a camera make and a GPS position (Lagos). */
function jpegWithGps(): Promise<Buffer> {
  return sharp({ create: { width: 960, height: 640, channels: 3, background: '#047857' } })
    .composite([
      {
        input: Buffer.from(
          '<svg width="960" height="640"><rect x="60" y="60" width="840" height="520" fill="none" stroke="white" stroke-width="8"/><line x1="480" y1="60" x2="480" y2="580" stroke="white" stroke-width="8"/><circle cx="480" cy="320" r="90" fill="none" stroke="white" stroke-width="8"/><circle cx="560" cy="360" r="22" fill="#facc15"/></svg>',
        ),
      },
    ])
    .jpeg()
    .withExif({
      IFD0: { Make: 'TouchlineCam' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '6/1 27/1 0/1',
        GPSLongitudeRef: 'E',
        GPSLongitude: '3/1 23/1 0/1',
      },
    })
    .toBuffer();
}

/** Whether an EXIF block's first directory points at a GPS directory (tag 0x8825). */
function hasGps(exif: Buffer | undefined): boolean {
  if (!exif) return false;
  const start = exif.subarray(0, 6).toString('latin1') === 'Exif\0\0' ? 6 : 0;
  const little = exif.subarray(start, start + 2).toString('latin1') === 'II';
  const u16 = (at: number) =>
    little ? exif.readUInt16LE(start + at) : exif.readUInt16BE(start + at);
  const u32 = (at: number) =>
    little ? exif.readUInt32LE(start + at) : exif.readUInt32BE(start + at);
  const directory = u32(4);
  for (let entry = 0; entry < u16(directory); entry += 1) {
    if (u16(directory + 2 + entry * 12) === 0x8825) return true;
  }
  return false;
}

/** The feed card of the post whose text contains `text`. */
const cardWith = (page: Page, text: string): Locator =>
  page.getByRole('article').filter({ hasText: text });

/** Waits for a video's `paused` flag. */
async function expectPaused(video: Locator, paused: boolean) {
  await expect
    .poll(() => video.evaluate((element: HTMLVideoElement) => element.paused), { timeout: 10_000 })
    .toBe(paused);
}

test.describe('home feed', () => {
  test('post a photo and a video, like, reply three deep, page on, and play the video in view', async ({
    page: amakaPage,
    browser,
    request,
  }, testInfo) => {
    test.setTimeout(150_000);
    const run = `${testInfo.project.name}-${Date.now().toString(36)}`;
    const onPhone = viewOf(testInfo) === 'phone';

    const amaka = await signedInPage(amakaPage, request, AMAKA);
    const musaPage = await openWindow(browser, testInfo);
    const musa = await signedInPage(musaPage, request, MUSA);
    const stars = await account(request, STARS, true);
    const hoops = await account(request, HOOPS, true);
    await befriend(request, amaka, musa);
    for (const academy of [stars, hoops]) {
      await request.post('/api/follow', {
        headers: bearer(musa),
        data: { academy: academy.userId },
      });
    }

    // More than one page of Musa's feed (pages of 10), by several authors: each stays well under
    // the per-user posting budget even when both projects run within the same minute.
    for (let i = 1; i <= 4; i += 1) {
      await postAs(request, musa, `Musa's training log ${i} (${run})`);
      await postAs(request, hoops, `Hoops camp update ${i} (${run})`);
    }
    await postAs(request, amaka, `Amaka's free-throw notes (${run})`);

    const photoText = `Court session in Enugu, 18 of 20 free throws (${run})`;
    const videoText = `Crossover drill on the new court (${run})`;

    await test.step('a player posts text with a photo, then a video', async () => {
      await amakaPage.goto('/home');
      await expect(amakaPage.getByRole('heading', { name: 'Welcome, Amaka Obi' })).toBeVisible();

      await amakaPage.getByRole('button', { name: 'Start a post' }).click();
      let editor = amakaPage.getByRole('dialog', { name: 'Create a post' });
      await editor.getByLabel('Post text').fill(photoText);
      const photo = await jpegWithGps();
      expect(hasGps((await sharp(photo).metadata()).exif)).toBe(true);
      await editor
        .getByTestId('image-input')
        .setInputFiles({ name: 'court.jpg', mimeType: 'image/jpeg', buffer: photo });
      await expect(editor.getByAltText('Preview of the chosen photo')).toBeVisible();
      await expect(editor.getByRole('button', { name: 'Add a video' })).toHaveCount(0);
      await keepScreenshot(amakaPage, testInfo, 'feed-editor', { fullPage: false });
      await editor.getByRole('button', { name: 'Post', exact: true }).click();
      await expect(editor).toBeHidden({ timeout: 20_000 });

      const photoCard = cardWith(amakaPage, photoText);
      await expect(photoCard).toBeVisible();
      const image = photoCard.getByRole('img', { name: 'Photo posted by Amaka Obi' });
      await expect(image).toBeVisible();
      const src = await image.getAttribute('src');
      expect(src).toBeTruthy();
      const stored = await request.get(new URL(src!, amakaPage.url()).toString());
      expect(stored.ok()).toBe(true);
      const metadata = await sharp(await stored.body()).metadata();
      // Re-encoded without its location (supplement §4): no GPS, and no EXIF at all.
      expect(hasGps(metadata.exif)).toBe(false);
      expect(metadata.exif).toBeUndefined();

      await amakaPage.getByRole('button', { name: 'Start a post' }).click();
      editor = amakaPage.getByRole('dialog', { name: 'Create a post' });
      await editor.getByLabel('Post text').fill(videoText);
      await editor.getByTestId('video-input').setInputFiles(CLIP);
      await expect(editor.getByLabel('Preview of the chosen video')).toBeVisible();
      await editor.getByRole('button', { name: 'Post', exact: true }).click();
      await expect(editor).toBeHidden({ timeout: 30_000 });
      await expect(cardWith(amakaPage, videoText).getByTestId('video-player')).toBeVisible();
      // Stored re-muxed without metadata, with a poster frame the player shows until it plays.
      const clip = cardWith(amakaPage, videoText).locator('video');
      await expect(clip).toHaveAttribute('poster', /^\/media\/videos\/.+\.poster\.jpg$/);
      const poster = await request.get(
        new URL((await clip.getAttribute('poster'))!, amakaPage.url()).toString(),
      );
      expect((await sharp(await poster.body()).metadata()).format).toBe('jpeg');
    });

    await test.step("a friend sees both, likes one, and the owner's open tab hears of it", async () => {
      await musaPage.goto('/home');
      await expect(musaPage.getByRole('heading', { name: 'Welcome, Musa Ibrahim' })).toBeVisible();
      const photoCard = cardWith(musaPage, photoText);
      await expect(photoCard).toBeVisible();
      await expect(photoCard.getByRole('img', { name: 'Photo posted by Amaka Obi' })).toBeVisible();
      await expect(cardWith(musaPage, videoText).getByTestId('video-player')).toBeVisible();
      await keepScreenshot(musaPage, testInfo, 'feed-home', { fullPage: false });

      const badge = amakaPage.getByTestId('notification-badge');
      const before = (await badge.isVisible()) ? Number(await badge.textContent()) : 0;
      const like = photoCard.getByRole('button', { name: /^Like/ });
      const likes = photoCard.getByTestId('like-count');
      await expect(likes).toHaveText('0');
      await like.click();
      await expect(like).toHaveAttribute('aria-pressed', 'true');
      await expect(likes).toHaveText('1');

      await expect(amakaPage.getByText('Musa Ibrahim liked your post').first()).toBeVisible();
      await expect
        .poll(async () => Number((await badge.textContent()) ?? 0))
        .toBeGreaterThanOrEqual(before + 1);

      // A like toggles: pressed again, it is taken back.
      await like.click();
      await expect(like).toHaveAttribute('aria-pressed', 'false');
      await expect(likes).toHaveText('0');
      await like.click();
      await expect(likes).toHaveText('1');
    });

    await test.step('a reply nested three deep lands under its parent', async () => {
      const card = cardWith(musaPage, photoText);
      await card.getByRole('button', { name: /^Comment/ }).click();
      const thread = card.getByRole('region', { name: 'Comments' });
      await thread.getByPlaceholder('Write a comment...').fill('Great shooting!');
      await thread.getByRole('button', { name: 'Post comment' }).click();
      await expect(thread.getByText('Great shooting!')).toBeVisible();
      await expect(card.getByTestId('comment-count')).toHaveText('1');

      const texts = ['Reply one', 'Reply two', 'Reply three'];
      let parentText = 'Great shooting!';
      for (const [depth, text] of texts.entries()) {
        const parent = thread.locator(`li[data-depth="${depth}"]`).filter({ hasText: parentText });
        await parent.getByRole('button', { name: 'Reply to Musa Ibrahim' }).first().click();
        const box = thread.getByPlaceholder('Write a reply...');
        await box.fill(text);
        await box.press('Enter');
        await expect(box).toBeHidden();
        const reply = thread.locator(`li[data-depth="${depth + 1}"]`).filter({ hasText: text });
        await expect(reply).toBeVisible();
        // Under its parent: the parent's item holds it.
        await expect(
          parent
            .first()
            .locator(`li[data-depth="${depth + 1}"]`)
            .filter({ hasText: text }),
        ).toBeVisible();
        parentText = text;
      }
      await expect(thread.locator('li[data-depth="3"]')).toHaveText(/Reply three/);
      // Replies do not change the top-level count.
      await expect(card.getByTestId('comment-count')).toHaveText('1');
      await thread.locator('li[data-depth="3"]').scrollIntoViewIfNeeded();
      await keepScreenshot(musaPage, testInfo, 'feed-comments', { fullPage: false });
    });

    await test.step('the video plays in view and pauses out of view', async () => {
      const video = cardWith(musaPage, videoText).locator('video');
      await video.scrollIntoViewIfNeeded();
      await musaPage.evaluate(() => window.scrollBy(0, -80));
      await expectPaused(video, false);
      await expect(video).toHaveJSProperty('muted', true);
      await musaPage.evaluate(() => window.scrollBy(0, window.innerHeight * 2));
      await expectPaused(video, true);
      await video.scrollIntoViewIfNeeded();
      await expectPaused(video, false);
    });

    await test.step('scrolling loads the next page without repeating a post while someone posts', async () => {
      await musaPage.goto('/home');
      const feed = musaPage.getByRole('list', { name: 'Feed' });
      await expect(feed.getByRole('article')).toHaveCount(10);
      const interloper = `Lagos Stars trial reminder (${run})`;
      await postAs(request, stars, interloper);

      const nextPage = musaPage.waitForResponse(
        (response) => response.url().includes('/api/home?page=2') && response.ok(),
      );
      await musaPage.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      await nextPage;
      await expect.poll(() => feed.getByRole('article').count()).toBeGreaterThan(10);
      const ids = await feed
        .getByRole('article')
        .evaluateAll((cards) => cards.map((card) => card.getAttribute('data-post-id')));
      expect(new Set(ids).size).toBe(ids.length);
      // The feed was fixed when page 1 loaded: the new post waits for the next refresh.
      await expect(cardWith(musaPage, interloper)).toHaveCount(0);
    });

    await test.step("an academy's new post shows once in a follower's open tab: preview first, then its stored copy", async () => {
      // Every frame the tab's socket receives, from its next connection on.
      const frames: { type: string; seq?: number; data?: { id?: string; link?: string } }[] = [];
      const ready = musaPage.waitForEvent('websocket').then(async (socket) => {
        socket.on('framereceived', (frame) => frames.push(JSON.parse(String(frame.payload))));
        await expect.poll(() => frames.some((f) => f.type === 'ready')).toBe(true);
      });
      await musaPage.goto('/home');
      await ready;
      const badge = musaPage.getByTestId('notification-badge');
      const shown = async () => ((await badge.isVisible()) ? Number(await badge.textContent()) : 0);
      const stored = async () => {
        const me = await request.get('/api/me', { headers: bearer(musa) });
        return ((await me.json()) as { notification_count: number }).notification_count;
      };
      const before = await stored();

      const postId = await postAs(request, stars, `Lagos Stars open day on Saturday (${run})`);
      const link = `/view_post_details/${postId}`;
      await expect
        .poll(() => frames.find((f) => f.type === 'notification_preview' && f.data?.link === link))
        .toBeTruthy();
      const preview = frames.find(
        (f) => f.type === 'notification_preview' && f.data?.link === link,
      )!;
      // The stored, numbered copy follows with the same id (it never arrives first).
      await expect
        .poll(() =>
          frames.findIndex((f) => f.type === 'notification' && f.data?.id === preview.data!.id),
        )
        .toBeGreaterThan(frames.indexOf(preview));
      // One notice, not two: the banner counts one new post, and the badge is the stored count.
      await expect(musaPage.getByRole('button', { name: 'New post', exact: true })).toBeVisible();
      await expect(musaPage.getByRole('button', { name: /new posts/ })).toHaveCount(0);
      await expect.poll(async () => (await shown()) - (await stored())).toBe(0);
      expect(await shown()).toBeGreaterThanOrEqual(before + 1);
    });

    await test.step('the owner sees their posts on their own posts page', async () => {
      await amakaPage.goto('/view_posts');
      await expect(amakaPage.getByRole('heading', { name: 'Your posts' })).toBeVisible();
      await expect(cardWith(amakaPage, photoText)).toBeVisible();
      await amakaPage.goto('/home');
      await expect(cardWith(amakaPage, photoText)).toBeVisible();
      await keepScreenshot(amakaPage, testInfo, 'feed-home-owner', { fullPage: !onPhone });
    });

    await musaPage.context().close();
  });
});
