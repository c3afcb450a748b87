import type { NotificationKind } from '@touchline/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { realtime } from '@/lib/realtime';
import { feedKeys } from '../api/feed-keys';
import { NewPostsNotice } from './new-posts-notice';

const notification = (kind: NotificationKind, seq: number) => ({
  type: 'notification' as const,
  seq,
  data: {
    id: `n-${seq}`,
    kind,
    text: 'Kemi Adeyemi added a new post',
    link: '/view_post_details/p-1',
    actor_id: 'kemi',
    created_at: new Date().toISOString(),
    unread: seq,
  },
});

describe('new posts notice', () => {
  it('appears when friends post, counts them, and reloads the feed from the top when pressed', async () => {
    const queryClient = new QueryClient();
    const reset = vi.spyOn(queryClient, 'resetQueries').mockResolvedValue();
    const scrollTo = vi.fn();
    vi.stubGlobal('scrollTo', scrollTo);
    render(
      <QueryClientProvider client={queryClient}>
        <NewPostsNotice />
      </QueryClientProvider>,
    );
    expect(screen.queryByRole('button')).toBeNull();

    act(() => realtime.events.emit('notification', notification('like', 1)));
    expect(screen.queryByRole('button')).toBeNull();
    act(() => realtime.events.emit('notification', notification('new_post', 2)));
    expect(screen.getByRole('button', { name: 'New post' })).toBeInTheDocument();
    act(() => realtime.events.emit('notification', notification('new_post', 3)));

    await userEvent.click(screen.getByRole('button', { name: '2 new posts' }));
    expect(reset).toHaveBeenCalledWith({ queryKey: feedKeys.home });
    expect(scrollTo).toHaveBeenCalledWith({ top: 0, behavior: 'smooth' });
    expect(screen.queryByRole('button')).toBeNull();
  });
});
