import { useNow } from '../hooks/use-now';
import type { ChatLinks } from '../lib/chat-links';
import { APP_CHAT_LINKS, ChatLinksContext } from '../lib/chat-links';
import { ConversationList } from './conversation-list';
import { ConversationPane } from './conversation-pane';
import { WelcomeState } from './welcome-state';

/** The app frame's bars: the top bar, and on phones the bottom bar too. */
const APP_FRAME_HEIGHT =
  'h-[calc(100dvh-8rem-env(safe-area-inset-bottom))] md:h-[calc(100dvh-4rem)]';

/**
 * `/chat/{threadName?}` ('Messages'), and an administrator's `/admin/chat/{threadName?}` (the
 * same screen with the admin area's `links` and `heightClassName`). Desktop: the conversation
 * list beside the open conversation (or the welcome). Phone: the list alone; an open
 * conversation takes the screen, with 'Back to conversations'. The screen fills the space
 * between the frame's bars (`heightClassName`).
 */
export function ChatScreen({
  threadName,
  links = APP_CHAT_LINKS,
  heightClassName = APP_FRAME_HEIGHT,
}: {
  threadName?: string;
  /** Where the screen's links lead (the area's chat paths). */
  links?: ChatLinks;
  /** The screen's height: the viewport less the frame's bars. */
  heightClassName?: string;
}) {
  const now = useNow();
  const open = Boolean(threadName);
  return (
    <ChatLinksContext value={links}>
      <div className={`mx-auto flex w-full max-w-6xl md:px-6 md:py-5 ${heightClassName}`}>
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
    </ChatLinksContext>
  );
}
