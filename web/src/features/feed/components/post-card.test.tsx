import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { reply, serveApi } from '@/test/fake-api';
import { renderApp, signInAs } from '@/test/render-app';
import { makePost } from '../testing/fixtures';

/** The post's page: the card with its comments open. */
async function openPost(post = makePost(), like?: () => unknown) {
  signInAs('player', 'player-1');
  const fetch = serveApi({
    'GET /api/post/p1': () => post,
    ...(like ? { 'POST /api/like/p1': like } : {}),
  });
  const { queryClient } = renderApp('/view_post_details/p1');
  const card = await screen.findByRole('article', { name: /Kemi Adeyemi/ });
  return { fetch, card, queryClient };
}

const likeButton = (card: HTMLElement) => within(card).getByRole('button', { name: /^Like/ });
const likeCount = (card: HTMLElement) => within(card).getByTestId('like-count');

describe('post card', () => {
  it('likes at once (+1) and keeps it when the server answers liked', async () => {
    let answer!: (value: unknown) => void;
    const { card, queryClient } = await openPost(
      makePost({ likes_count: 4 }),
      () => new Promise((r) => (answer = r)),
    );
    await userEvent.click(likeButton(card));
    // Optimistic: before the server answered.
    expect(likeButton(card)).toHaveAttribute('aria-pressed', 'true');
    expect(likeCount(card)).toHaveTextContent('5');
    answer({ status: 'liked' });
    // The answer has been applied once the like is no longer in flight.
    await waitFor(() => expect(queryClient.isMutating()).toBe(0));
    expect(likeCount(card)).toHaveTextContent('5');
    expect(likeButton(card)).toHaveAttribute('aria-pressed', 'true');
  });

  it('unlikes (−1) a post the viewer liked when the answer is unliked', async () => {
    const { card } = await openPost(
      makePost({ likes_count: 4, is_liked_by_current_user: true }),
      () => ({ status: 'unliked' }),
    );
    expect(likeButton(card)).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(likeButton(card));
    await waitFor(() => expect(likeCount(card)).toHaveTextContent('3'));
    expect(likeButton(card)).toHaveAttribute('aria-pressed', 'false');
  });

  it('puts the like back when the call fails, and only logs it', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    let fail!: () => void;
    const { card } = await openPost(makePost({ likes_count: 4 }), async () => {
      await new Promise<void>((r) => (fail = r));
      return reply(500, { message: 'boom' });
    });
    await userEvent.click(likeButton(card));
    expect(likeCount(card)).toHaveTextContent('5');
    fail();
    await waitFor(() => expect(likeCount(card)).toHaveTextContent('4'));
    expect(likeButton(card)).toHaveAttribute('aria-pressed', 'false');
    expect(log).toHaveBeenCalledWith('Could not like the post', expect.anything());
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    log.mockRestore();
  });

  it("offers only copy link and Report post on someone else's post", async () => {
    const { card } = await openPost(makePost({ is_own_post: false }));
    await userEvent.click(within(card).getByRole('button', { name: 'Post options' }));
    const items = within(screen.getByRole('menu')).getAllByRole('menuitem');
    expect(items.map((item) => item.textContent)).toEqual(['copy link', 'Report post']);
  });

  it('offers Edit post, delete post and copy link to the owner, and the menu closes outside', async () => {
    const { card } = await openPost(makePost({ is_own_post: true }));
    await userEvent.click(within(card).getByRole('button', { name: 'Post options' }));
    const items = within(screen.getByRole('menu')).getAllByRole('menuitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'Edit post',
      'delete post',
      'copy link',
    ]);
    await userEvent.click(document.body);
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });

  it('copies the detail link and says so', async () => {
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const { card } = await openPost();
    await userEvent.click(within(card).getByRole('button', { name: 'Post options' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'copy link' }));
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/view_post_details/p1`);
    expect(await screen.findByText('post link copied to clipboard')).toBeVisible();
  });

  it('links the author to their profile (academies under /academy) and the time to the post', async () => {
    const { card } = await openPost(makePost({ is_academy: true, user_id: 'stars-1' }));
    const authorLinks = within(card)
      .getAllByRole('link')
      .map((link) => link.getAttribute('href'));
    expect(authorLinks).toContain('/academy/profile/stars-1');
    expect(authorLinks).toContain('/view_post_details/p1');
  });

  it('keeps line breaks and never renders the text as HTML', async () => {
    const { card } = await openPost(makePost({ content: 'Line one\n<b>bold?</b>', edited: true }));
    const text = within(card).getByText(/Line one/);
    expect(text.textContent).toBe('Line one\n<b>bold?</b>');
    expect(text.querySelector('b')).toBeNull();
    expect(within(card).getByText('(edited)')).toBeVisible();
  });

  it('reports a post with a reason and optional details', async () => {
    signInAs('player', 'player-1');
    const fetch = serveApi({
      'GET /api/post/p1': () => makePost(),
      'POST /api/report': () => ({ message: 'Thanks, your report was sent to our moderators' }),
    });
    renderApp('/view_post_details/p1');
    const card = await screen.findByRole('article', { name: /Kemi Adeyemi/ });
    await userEvent.click(within(card).getByRole('button', { name: 'Post options' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Report post' }));
    const dialog = screen.getByRole('dialog', { name: 'Report post' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Choose a reason');
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Spam or scam' }));
    await userEvent.type(within(dialog).getByLabelText('Details (optional)'), 'Selling boots');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(await screen.findByText('Thanks, your report was sent to our moderators')).toBeVisible();
    const [call] = fetch.mock.calls.filter(([url]) => String(url).endsWith('/api/report'));
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({
      target: 'post',
      id: 'p1',
      reason: 'spam',
      details: 'Selling boots',
    });
    expect(fetch.callsTo('POST /api/report')).toHaveLength(1);
  });

  it('shows the deleted state with a way home when the post is gone', async () => {
    signInAs('player', 'player-1');
    serveApi({
      'GET /api/post/p1': () => reply(404, { message: 'Post has been Deleted or removed' }),
    });
    renderApp('/view_post_details/p1');
    expect(
      await screen.findByRole('heading', { name: 'Post has been Deleted or removed' }),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'Back to home' })).toHaveAttribute('href', '/home');
  });
});
