import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CommentView, PostView } from '@touchline/shared';
import { describe, expect, it, vi } from 'vitest';
import type { FakeHandler } from '@/test/fake-api';
import { reply, serveApi } from '@/test/fake-api';
import { renderApp, signInAs } from '@/test/render-app';
import { chain, makeComment, makePost, topLevel } from '../testing/fixtures';

async function openThread(post: PostView, addComment?: FakeHandler) {
  signInAs('player', 'player-1');
  const fetch = serveApi({
    'GET /api/post/p1': () => post,
    ...(addComment ? { 'POST /api/add_comment/p1': addComment } : {}),
  });
  renderApp('/view_post_details/p1');
  const thread = await screen.findByRole('region', { name: 'Comments' });
  return { fetch, thread };
}

const topLevelItems = (thread: HTMLElement) =>
  within(within(thread).getByRole('list', { name: 'Comment list' }))
    .getAllByRole('listitem')
    .filter((item) => item.dataset.depth === '0');

describe('comment thread', () => {
  it('shows 3 comments, then 3 more per View More Comments', async () => {
    const { thread } = await openThread(makePost({ comments: topLevel(8), comments_count: 8 }));
    expect(topLevelItems(thread)).toHaveLength(3);
    await userEvent.click(within(thread).getByRole('button', { name: 'View More Comments' }));
    expect(topLevelItems(thread)).toHaveLength(6);
    await userEvent.click(within(thread).getByRole('button', { name: 'View More Comments' }));
    expect(topLevelItems(thread)).toHaveLength(8);
    expect(within(thread).queryByRole('button', { name: 'View More Comments' })).toBeNull();
  });

  it('shows the carried comments first, then fetches the next page of the thread', async () => {
    signInAs('player', 'player-1');
    const carried = topLevel(4);
    const fetch = serveApi({
      'GET /api/post/p1': () =>
        makePost({ comments: carried, comments_count: 6, comments_next: 'key-c4' }),
      'GET /api/comments/p1': () => ({
        comments: [
          makeComment({ id: 'c4-r', content: 'Continued reply', parent: carried[3]!.id, depth: 1 }),
          makeComment({ id: 'c5', content: 'Fifth' }),
          makeComment({ id: 'c6', content: 'Sixth' }),
        ],
        has_more: false,
        next: null,
      }),
    });
    renderApp('/view_post_details/p1');
    const thread = await screen.findByRole('region', { name: 'Comments' });
    const viewMore = () => within(thread).getByRole('button', { name: 'View More Comments' });

    await userEvent.click(viewMore());
    expect(topLevelItems(thread)).toHaveLength(4);
    expect(fetch.callsTo('GET /api/comments/p1')).toHaveLength(0);

    await userEvent.click(viewMore());
    await waitFor(() => expect(topLevelItems(thread)).toHaveLength(6));
    const [asked] = fetch.callsTo('GET /api/comments/p1');
    expect(asked?.url.searchParams.get('after')).toBe('key-c4');
    expect(within(thread).getByText('Continued reply')).toBeVisible();
    expect(within(thread).queryByRole('button', { name: 'View More Comments' })).toBeNull();
  });

  it('appends a new top-level comment where it can be seen and counts it', async () => {
    const added = makeComment({ id: 'new', content: 'Great pass!' });
    const { thread, fetch } = await openThread(
      makePost({ comments: topLevel(5), comments_count: 5 }),
      () => reply(201, added),
    );
    const box = within(thread).getByPlaceholderText('Write a comment...');
    await userEvent.type(box, '  Great pass!  ');
    await userEvent.click(within(thread).getByRole('button', { name: 'Post comment' }));
    expect(await within(thread).findByText('Great pass!')).toBeVisible();
    expect(box).toHaveValue('');
    const items = topLevelItems(thread);
    expect(items.at(-1)).toHaveTextContent('Great pass!');
    expect(screen.getByTestId('comment-count')).toHaveTextContent('6');
    const [call] = fetch.mock.calls.filter(([url]) => String(url).endsWith('/add_comment/p1'));
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({ content: 'Great pass!', parent: null });
  });

  it('opens a reply form, inserts the reply under its parent at depth 3, then hides and clears it', async () => {
    const root = chain(2); // d0 > d1 > d2
    const answer = makeComment({
      id: 'r1',
      content: 'Deep answer',
      parent: 'd2',
      depth: 3,
    });
    const { thread, fetch } = await openThread(
      makePost({ comments: [root], comments_count: 1 }),
      () => reply(201, answer),
    );
    await userEvent.click(within(thread).getByRole('button', { name: 'Reply to Author 2' }));
    const box = within(thread).getByPlaceholderText('Write a reply...');
    expect(box).toHaveFocus();
    await userEvent.type(box, 'Deep answer');
    await userEvent.click(within(thread).getByRole('button', { name: 'Send reply to Author 2' }));

    const replies = await within(thread).findByRole('list', { name: 'Replies to Author 2' });
    const inserted = within(replies).getByText('Deep answer').closest('li');
    expect(inserted).toHaveAttribute('data-depth', '3');
    expect(within(thread).queryByPlaceholderText('Write a reply...')).toBeNull();
    // The top-level count does not change for a reply.
    expect(screen.getByTestId('comment-count')).toHaveTextContent('1');
    const [call] = fetch.mock.calls.filter(([url]) => String(url).endsWith('/add_comment/p1'));
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({ content: 'Deep answer', parent: 'd2' });

    await userEvent.click(within(thread).getByRole('button', { name: 'Reply to Author 2' }));
    expect(within(thread).getByPlaceholderText('Write a reply...')).toHaveValue('');
  });

  it('stops at depth 10: no Reply there, and nothing deeper is shown', async () => {
    const { thread } = await openThread(makePost({ comments: [chain(11)], comments_count: 1 }));
    expect(within(thread).getByText('Reply at depth 10')).toBeVisible();
    expect(within(thread).queryByText('Reply at depth 11')).toBeNull();
    expect(within(thread).getByRole('button', { name: 'Reply to Author 9' })).toBeVisible();
    expect(within(thread).queryByRole('button', { name: 'Reply to Author 10' })).toBeNull();
    expect(within(thread).getAllByRole('button', { name: /^Reply to/ })).toHaveLength(10);
  });

  it('refuses an empty comment with a toast and sends nothing', async () => {
    const { thread, fetch } = await openThread(makePost(), () => reply(201, makeComment()));
    await userEvent.type(within(thread).getByPlaceholderText('Write a comment...'), '   ');
    await userEvent.click(within(thread).getByRole('button', { name: 'Post comment' }));
    expect(await screen.findByText('Comment cannot be empty')).toBeVisible();
    expect(fetch.callsTo('POST /api/add_comment/p1')).toHaveLength(0);
  });

  it('refuses an empty reply with a toast and sends nothing', async () => {
    const { thread, fetch } = await openThread(
      makePost({ comments: [makeComment({ user: 'Amaka Obi', user_id: 'amaka-1' })] }),
      () => reply(201, makeComment()),
    );
    await userEvent.click(within(thread).getByRole('button', { name: 'Reply to Amaka Obi' }));
    await userEvent.type(within(thread).getByPlaceholderText('Write a reply...'), '  {Enter}');
    expect(await screen.findByText('Reply cannot be empty')).toBeVisible();
    expect(fetch.callsTo('POST /api/add_comment/p1')).toHaveLength(0);
    // The form stays open for another try.
    expect(within(thread).getByPlaceholderText('Write a reply...')).toBeVisible();
  });

  it.each([
    [404, { message: 'Post has been Deleted or removed' }, 'Post has been Deleted or removed'],
    [500, { message: 'boom' }, 'Server error try again later'],
  ])('answers a %s with its toast and keeps the text', async (status, body, text) => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { thread } = await openThread(makePost(), () => reply(status, body));
    const box = within(thread).getByPlaceholderText('Write a comment...');
    await userEvent.type(box, 'Hello');
    await userEvent.click(within(thread).getByRole('button', { name: 'Post comment' }));
    expect(await screen.findByText(text)).toBeVisible();
    expect(box).toHaveValue('Hello');
    vi.restoreAllMocks();
  });

  it('lets the author delete their comment and others report it; the post owner deletes any', async () => {
    const mine = makeComment({ id: 'm1', content: 'Mine' });
    const theirs = makeComment({
      id: 't1',
      user: 'Amaka Obi',
      user_id: 'amaka-1',
      content: 'Theirs',
    });
    const { thread } = await openThread(makePost({ comments: [mine, theirs], comments_count: 2 }));
    const [first, second] = topLevelItems(thread) as [HTMLElement, HTMLElement];
    expect(within(first).getByRole('button', { name: 'Delete' })).toBeVisible();
    expect(within(first).queryByRole('button', { name: 'Report' })).toBeNull();
    expect(within(second).queryByRole('button', { name: 'Delete' })).toBeNull();
    expect(within(second).getByRole('button', { name: 'Report' })).toBeVisible();
  });

  it('deletes a comment after confirming, and the count follows', async () => {
    signInAs('player', 'player-1');
    const comments: CommentView[] = [
      makeComment({ id: 't1', user: 'Amaka Obi', user_id: 'amaka-1', content: 'Theirs' }),
    ];
    serveApi({
      'GET /api/post/p1': () => makePost({ is_own_post: true, comments, comments_count: 1 }),
      'DELETE /api/comment/t1': () => ({ message: 'comment deleted successfully' }),
    });
    renderApp('/view_post_details/p1');
    const thread = await screen.findByRole('region', { name: 'Comments' });
    await userEvent.click(within(thread).getByRole('button', { name: 'Delete' }));
    await userEvent.click(
      within(screen.getByRole('alertdialog', { name: 'Delete this comment?' })).getByRole(
        'button',
        { name: 'Delete' },
      ),
    );
    expect(await screen.findByText('comment deleted successfully')).toBeVisible();
    await waitFor(() => expect(within(thread).queryByText('Theirs')).toBeNull());
    expect(screen.getByTestId('comment-count')).toHaveTextContent('0');
  });

  it('hides the comment box when the viewer may not comment', async () => {
    const { thread } = await openThread(makePost({ can_comment: false }));
    expect(within(thread).queryByPlaceholderText('Write a comment...')).toBeNull();
    expect(within(thread).getByText('Only friends can comment on this post')).toBeVisible();
  });
});
