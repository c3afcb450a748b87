import { useNow } from '../hooks/use-now';
import { ConversationList } from './conversation-list';
import { ConversationPane } from './conversation-pane';
import { WelcomeState } from './welcome-state';

/**
 * `/chat/{threadName?}` ('Messages'). Desktop: the conversation list beside the open
 * conversation (or the welcome). Phone: the list alone; an open conversation takes the screen,
 * with 'Back to conversations'. The screen fills the space between the bars.
 */
export function ChatScreen({ threadName }: { threadName?: string }) {
  const now = useNow();
  const open = Boolean(threadName);
  return (
    <div className="mx-auto flex h-[calc(100dvh-8rem-env(safe-area-inset-bottom))] w-full max-w-6xl md:h-[calc(100dvh-4rem)] md:px-6 md:py-5">
      <div className="flex min-h-0 flex-1 overflow-hidden bg-white md:rounded-2xl md:border md:border-slate-200 md:shadow-sm">
        <section
          aria-label="Conversation list"
          className={`${open ? 'hidden md:flex' : 'flex'} min-h-0 w-full flex-col md:w-80 md:shrink-0 md:border-r md:border-slate-200 lg:w-96`}
        >
          <ConversationList activeThread={threadName} now={now} />
        </section>
        <section
          aria-label="Conversation"
          className={`${open ? 'flex' : 'hidden md:flex'} min-h-0 min-w-0 flex-1 flex-col`}
        >
          {threadName ? (
            <ConversationPane key={threadName} threadName={threadName} now={now} />
          ) : (
            <WelcomeState />
          )}
        </section>
      </div>
    </div>
  );
}
