import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { homePage, makePost } from '@/features/feed/testing/fixtures';
import { setSession } from '@/lib/session';
import { serveApi } from '@/test/fake-api';
import { renderApp, signInAs } from '@/test/render-app';

function signIn(role: 'player' | 'academy' | 'admin', user: string) {
  setSession({ user, role, user_id: `${role}-1`, access: 'access', refresh: 'refresh' });
}

afterEach(() => {
  // Back to jsdom's own (zero) measurements.
  Reflect.deleteProperty(document.documentElement, 'scrollHeight');
  Reflect.deleteProperty(window, 'scrollY');
});

/** The page as tall as `height` px, scrolled so its bottom edge is at `bottom` px. */
function scrollTo(bottom: number, height: number) {
  Object.defineProperty(document.documentElement, 'scrollHeight', {
    value: height,
    configurable: true,
  });
  Object.defineProperty(window, 'scrollY', {
    value: bottom - window.innerHeight,
    configurable: true,
  });
  fireEvent.scroll(window);
}

/**
 * The home page rendered 2000 px tall (taller than the window: only scrolling asks for more);
 * answers the feed once its first 10 posts show.
 */
async function renderTallFeed() {
  Object.defineProperty(document.documentElement, 'scrollHeight', {
    value: 2000,
    configurable: true,
  });
  renderApp('/home');
  const feed = await screen.findByRole('list', { name: 'Feed' });
  expect(within(feed).getAllByRole('article')).toHaveLength(10);
  return feed;
}

const posts = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, i) =>
    makePost({ id: `p${from + i}`, content: `Post ${from + i}` }),
  );

describe('home', () => {
  it('shows three skeleton cards while the first page loads', async () => {
    signIn('player', 'Tunde Bakare');
    serveApi({ 'GET /api/home': () => new Promise(() => {}), 'GET /api/user_academy': () => [] });
    renderApp('/home');
    expect(await screen.findByRole('heading', { name: 'Welcome, Tunde Bakare' })).toBeVisible();
    expect(screen.getAllByTestId('skeleton-card')).toHaveLength(3);
  });

  it('greets a player, with their summary card, the feed and the right panel', async () => {
    signIn('player', 'Tunde Bakare');
    serveApi({
      'GET /api/home': () =>
        homePage({
          academies: [
            {
              id: 'stars',
              username: 'Lagos Stars Academy',
              userprofile__profile_photo: null,
              userprofile__district: 'Surulere',
              userprofile__state: 'Lagos',
            },
          ],
        }),
      'GET /api/user_academy': () => [{ position: 'CM' }, { position: 'RW' }],
    });
    renderApp('/home');
    expect(await screen.findByRole('heading', { name: 'Welcome, Tunde Bakare' })).toBeVisible();
    expect(screen.getByTestId('app-frame')).toBeInTheDocument();

    const card = await screen.findByRole('region', { name: 'Your summary' });
    expect(within(card).getByText('Open to Work')).toBeVisible();
    expect(within(card).getByText(/^Name:/).textContent).toBe('Name: Tunde Bakare');
    expect((await within(card).findByText(/^Position:/)).textContent).toBe('Position: CM');
    expect(within(card).getByText('Box-to-box midfielder from Ikeja.')).toBeVisible();
    expect(within(card).getByText('Name:').closest('a')).toHaveAttribute('href', '/profile');
    const counts = within(card)
      .getAllByRole('term')
      .map((term) => term.textContent);
    expect(counts).toEqual(['Friends', 'Posts', 'Achievements']);
    expect(
      within(card)
        .getAllByRole('definition')
        .map((d) => d.textContent),
    ).toEqual(['12', '7', '2']);

    const trials = screen.getByRole('region', { name: 'Top Trials' });
    expect(within(trials).getByText('No open trials right now. Check back soon.')).toBeVisible();
    const academies = screen.getByRole('region', { name: 'Top Academies' });
    const row = within(academies).getByRole('link', { name: /Lagos Stars Academy/ });
    expect(row).toHaveAttribute('href', '/academy/profile/stars');
    expect(row).toHaveTextContent('Surulere, Lagos');

    expect(screen.getByRole('article', { name: /Kemi Adeyemi/ })).toBeVisible();
  });

  it('loads the next page near the end of the window, dropping posts it already shows', async () => {
    signIn('player', 'Tunde Bakare');
    const fetch = serveApi({
      'GET /api/home': ({ url }) =>
        url.searchParams.get('page') === '2'
          ? homePage({ page: 2, posts: posts(10, 14), has_more: false })
          : homePage({ page: 1, posts: posts(1, 10), has_more: true }),
      'GET /api/user_academy': () => [],
    });
    const feed = await renderTallFeed();

    // Half way: nothing yet. The first scroll of a burst is checked at once (the throttle's
    // leading edge), so nothing can still be on its way.
    scrollTo(1000, 2000);
    expect(fetch.callsTo('GET /api/home')).toHaveLength(1);

    scrollTo(1700, 2000); // past 0.8
    await waitFor(() => expect(within(feed).getAllByRole('article')).toHaveLength(14));
    const pages = fetch.callsTo('GET /api/home').map(({ url }) => url.searchParams.get('page'));
    expect(pages).toEqual(['1', '2']);
    const ids = within(feed)
      .getAllByRole('article')
      .map((article) => article.dataset.postId);
    expect(new Set(ids).size).toBe(ids.length);
    expect(await screen.findByText('You’re all caught up')).toBeVisible();
  });

  it('keeps scrolling past the numbered pages with the cursor the last one answered', async () => {
    signIn('player', 'Tunde Bakare');
    const end = '2026-01-01T00:00:00.000001Z~0190a000-0000-7002-8000-000000000010';
    const older = '2025-12-31T00:00:00Z~0190a000-0000-7002-8000-000000000020';
    const fetch = serveApi({
      'GET /api/home': ({ url }) => {
        const before = url.searchParams.get('before');
        if (before === end)
          return homePage({ page: null, posts: posts(11, 20), has_more: true, next: older });
        if (before === older)
          return homePage({ page: null, posts: posts(21, 22), has_more: false, next: null });
        return homePage({ page: 1, posts: posts(1, 10), has_more: false, next: end });
      },
      'GET /api/user_academy': () => [],
    });
    const feed = await renderTallFeed();

    scrollTo(1700, 2000);
    await waitFor(() => expect(within(feed).getAllByRole('article')).toHaveLength(20));
    scrollTo(1750, 2000);
    await waitFor(() => expect(within(feed).getAllByRole('article')).toHaveLength(22));
    const asked = fetch
      .callsTo('GET /api/home')
      .map(({ url }) => url.searchParams.get('before') ?? `page ${url.searchParams.get('page')}`);
    expect(asked).toEqual(['page 1', end, older]);
    expect(await screen.findByText('You’re all caught up')).toBeVisible();
  });

  it('staggers the entrance of each post by 0.09 s per place in its page', async () => {
    signIn('player', 'Tunde Bakare');
    serveApi({
      'GET /api/home': () => homePage({ posts: posts(1, 3) }),
      'GET /api/user_academy': () => [],
    });
    renderApp('/home');
    const feed = await screen.findByRole('list', { name: 'Feed' });
    const delays = within(feed)
      .getAllByRole('listitem')
      .filter((item) => item.parentElement === feed)
      .map((item) => item.style.animationDelay);
    expect(delays.map((delay) => Number.parseFloat(delay))).toEqual([0, 0.09, 0.18]);
  });

  it('deletes an own post after confirming: the toast, and the post leaves the feed', async () => {
    signIn('player', 'Tunde Bakare');
    serveApi({
      'GET /api/home': () =>
        homePage({ posts: [makePost({ id: 'mine', is_own_post: true, content: 'Bye post' })] }),
      'GET /api/user_academy': () => [],
      'DELETE /api/post/mine': () => ({ message: 'post deleted successfully' }),
    });
    renderApp('/home');
    const card = await screen.findByRole('article', { name: /Kemi Adeyemi/ });
    await userEvent.click(within(card).getByRole('button', { name: 'Post options' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'delete post' }));
    const confirm = screen.getByRole('alertdialog', { name: 'Delete this post?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('post deleted successfully')).toBeVisible();
    await waitFor(() => expect(screen.queryByText('Bye post')).toBeNull());
  });

  it('gives an academy its feed with Followers, and asks for no position', async () => {
    signIn('academy', 'Lagos Stars Academy');
    const fetch = serveApi({
      'GET /api/home': () =>
        homePage({
          user: {
            ...homePage().user,
            role: 'academy',
            username: 'Lagos Stars Academy',
            open_to_work: false,
            followers_count: 40,
          },
        }),
    });
    renderApp('/academy/home');
    expect(
      await screen.findByRole('heading', { name: 'Welcome, Lagos Stars Academy' }),
    ).toBeVisible();
    const card = await screen.findByRole('region', { name: 'Your summary' });
    expect(within(card).getAllByRole('term')[0]).toHaveTextContent('Followers');
    expect(within(card).getByText('Name:').closest('a')).toHaveAttribute(
      'href',
      '/academy/profile',
    );
    expect(within(card).queryByText(/^Position:/)).toBeNull();
    expect(fetch.callsTo('GET /api/user_academy')).toHaveLength(0);
  });

  it('greets an administrator inside the admin frame', async () => {
    signIn('admin', 'Touchline Admin');
    renderApp('/admin/home');
    expect(await screen.findByRole('heading', { name: 'Welcome, Touchline Admin' })).toBeVisible();
    expect(screen.getByRole('complementary', { name: 'Admin sidebar' })).toBeInTheDocument();
    expect(screen.queryByTestId('app-frame')).not.toBeInTheDocument();
  });

  it('leaves public pages without a frame', async () => {
    signInAs('player');
    renderApp('/unauthenticated');
    expect(await screen.findByRole('heading', { name: 'Authentication Error' })).toBeVisible();
    expect(screen.queryByTestId('app-frame')).not.toBeInTheDocument();
  });
});
