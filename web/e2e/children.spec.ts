import { expect, test } from '@playwright/test';
import { DEMO_PASSWORD, keepScreenshot, signInAs } from './support';

// Supplement §13: an adult player who is not Musa's friend (Kemi, 22) sees the 12-year-old's
// limited card, and search does not show him to her.
const KEMI = 'kemi@touchline.test';
const MUSA = 'junior@touchline.test';

test('an adult stranger sees a young player’s limited card, and search does not find him', async ({
  page,
  request,
}, testInfo) => {
  const musaLogin = await request.post('/api/login', {
    data: { email: MUSA, password: DEMO_PASSWORD, is_academy: false },
  });
  expect(musaLogin.ok()).toBe(true);
  const musaId = ((await musaLogin.json()) as { user_id: string }).user_id;
  await signInAs(page, request, KEMI, 'player');

  await page.goto(`/profile/${musaId}`);
  const card = page.getByTestId('limited-profile');
  await expect(card.getByRole('heading', { name: 'Musa Ibrahim' })).toBeVisible();
  await expect(card).toContainText('U13');
  await expect(card).toContainText('This profile is visible to friends and academies only.');
  await expect(card.getByRole('link')).toHaveCount(0);
  await keepScreenshot(page, testInfo, 'profile-limited-card', { fullPage: false });

  const search = await page.request.get('/api/search?q=musa', {
    headers: {
      authorization: `Bearer ${await page.evaluate(() => localStorage.getItem('access'))}`,
    },
  });
  expect(search.ok()).toBe(true);
  expect(await search.json()).toEqual([]);
});
