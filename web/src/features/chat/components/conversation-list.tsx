import { useSnapshot } from 'valtio';
import { Link } from 'wouter';
import type { ChatThread } from '@touchline/shared';
import { Skeleton } from '@/components/skeleton';
import { UserAvatar } from '@/components/ui/user-avatar';
import { session } from '@/lib/session';
import { useChatList } from '../api/get-chat-list';
import { useChatLinks } from '../lib/chat-links';
import { listTimeLabel, previewText } from '../lib/format';
import { WelcomeState } from './welcome-state';

/**
 * The caller's conversations, latest activity first (`role="list"`, named 'Conversations'): the
 * partner, the last message's preview and time, and the unread badge ('<n> unread'). With none
 * yet, phones show the welcome (desktops show it in the pane).
 */
export function ConversationList({ activeThread, now }: { activeThread?: string; now: number }) {
  const list = useChatList();
  const { user_id: myId } = useSnapshot(session);
  const threads = list.data?.pages.flatMap((page) => page.threads) ?? [];

  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <div className="border-b border-slate-200 px-4 py-3.5">
        <h1 className="text-lg font-bold tracking-tight text-slate-900">Messages</h1>
      </div>
      {list.isPending ? (
        <ListSkeleton />
      ) : list.isError ? (
        <div className="p-6 text-center text-sm text-slate-600" role="alert">
          <p>Could not load your conversations.</p>
          <button
            type="button"
            onClick={() => void list.refetch()}
            className="btn btn-secondary mt-3 px-3 py-1.5 text-sm"
          >
            Try again
          </button>
        </div>
      ) : threads.length === 0 ? (
        <>
          <div className="flex flex-1 flex-col md:hidden">
            <WelcomeState />
          </div>
          <p className="hidden p-6 text-center text-sm text-slate-500 md:block">
            No conversations yet.
          </p>
        </>
      ) : (
        <ul role="list" aria-label="Conversations" className="min-h-0 flex-1 overflow-y-auto">
          {threads.map((thread) => (
            <ConversationItem
              key={thread.thread_name}
              thread={thread}
              active={thread.thread_name === activeThread}
              myId={myId}
              now={now}
            />
          ))}
          {list.hasNextPage ? (
            <li className="p-3 text-center">
              <button
                type="button"
                disabled={list.isFetchingNextPage}
                onClick={() => void list.fetchNextPage()}
                className="btn btn-secondary px-3 py-1.5 text-sm"
              >
                {list.isFetchingNextPage ? 'Loading…' : 'Load more'}
              </button>
            </li>
          ) : null}
        </ul>
      )}
    </div>
  );
}

function ConversationItem({
  thread,
  active,
  myId,
  now,
}: {
  thread: ChatThread;
  active: boolean;
  myId: string | null;
  now: number;
}) {
  const { partner, last_message, unread_count } = thread;
  const { role } = useSnapshot(session);
  const links = useChatLinks();
  const activeBorder = role === 'academy' ? 'border-academy-600' : 'border-brand-600';
  const unread = unread_count > 0;
  return (
    <li>
      <Link
        href={links.thread(thread.thread_name)}
        aria-current={active ? 'page' : undefined}
        className={`flex items-center gap-3 border-l-4 px-3 py-3 transition-colors ${
          active ? `${activeBorder} bg-slate-100` : 'border-transparent hover:bg-slate-50'
        }`}
      >
        <span className="relative shrink-0">
          <UserAvatar src={partner.profile_photo} className="size-11" />
          {partner.online ? (
            <span
              aria-hidden="true"
              className="absolute right-0 bottom-0 size-3 rounded-full bg-emerald-500 ring-2 ring-white"
            />
          ) : null}
        </span>
        <span className="min-w-0 flex-1">
          <span className="flex items-baseline justify-between gap-2">
            <span
              className={`truncate text-[0.9375rem] ${unread ? 'font-bold text-slate-900' : 'font-semibold text-slate-800'}`}
            >
              {partner.username}
            </span>
            <time
              dateTime={thread.last_activity_at}
              className={`shrink-0 text-xs ${unread ? 'font-semibold text-slate-900' : 'text-slate-600'}`}
            >
              {listTimeLabel(last_message?.created_at ?? thread.last_activity_at, now)}
            </time>
          </span>
          <span className="mt-0.5 flex items-center justify-between gap-2">
            <span
              className={`truncate text-sm ${unread ? 'text-slate-800' : 'text-slate-600'} ${last_message?.deleted ? 'italic' : ''}`}
            >
              {previewText(last_message, myId)}
            </span>
            {unread ? (
              <span
                aria-label={`${unread_count} unread`}
                className="flex h-5 min-w-5 shrink-0 items-center justify-center rounded-full bg-red-600 px-1.5 text-[0.6875rem] font-bold text-white"
              >
                {unread_count > 99 ? '99+' : unread_count}
              </span>
            ) : null}
          </span>
        </span>
      </Link>
    </li>
  );
}

function ListSkeleton() {
  return (
    <div aria-hidden="true" className="space-y-1 p-3">
      {[0, 1, 2, 3].map((index) => (
        <div key={index} className="flex items-center gap-3 px-1 py-2">
          <Skeleton className="size-11" rounded="rounded-full" />
          <div className="flex-1 space-y-2">
            <Skeleton className="h-3.5 w-1/2" />
            <Skeleton className="h-3 w-4/5" />
          </div>
        </div>
      ))}
    </div>
  );
}
