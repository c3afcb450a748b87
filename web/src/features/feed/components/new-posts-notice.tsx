import { useQueryClient } from '@tanstack/react-query';
import { ArrowUp } from 'lucide-react';
import { useState } from 'react';
import { useRealtimeEvent } from '@/lib/use-realtime';
import { feedKeys } from '../api/feed-keys';

/**
 * "New posts" above the feed once a friend or a followed academy posts (their `new_post`
 * notification arrives live). The feed never jumps under the reader's eyes: pressing the notice
 * scrolls to the top and reloads the feed from page 1 (which re-anchors it on the server).
 */
export function NewPostsNotice() {
  const queryClient = useQueryClient();
  const [count, setCount] = useState(0);
  useRealtimeEvent('notification', ({ data }) => {
    if (data.kind === 'new_post') setCount((n) => n + 1);
  });
  if (count === 0) return null;

  const showNewPosts = () => {
    setCount(0);
    window.scrollTo({ top: 0, behavior: 'smooth' });
    void queryClient.resetQueries({ queryKey: feedKeys.home });
  };

  return (
    <div className="pointer-events-none sticky top-20 z-20 flex justify-center">
      <button
        type="button"
        onClick={showNewPosts}
        className="pointer-events-auto inline-flex items-center gap-1.5 rounded-full bg-slate-900 px-4 py-2 text-sm font-semibold text-white shadow-lg transition hover:bg-slate-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-slate-900"
      >
        <ArrowUp className="size-4" aria-hidden="true" />
        {count === 1 ? 'New post' : `${count} new posts`}
      </button>
    </div>
  );
}
