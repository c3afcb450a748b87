import { MessagesSquare } from 'lucide-react';
import { useChatLinks } from '../lib/chat-links';

/** No conversation open (or none yet): how to start one. */
export function WelcomeState() {
  const { startHint } = useChatLinks();
  return (
    <div className="flex flex-1 flex-col items-center justify-center gap-3 px-6 py-12 text-center">
      <span className="flex size-16 items-center justify-center rounded-full bg-slate-100 text-slate-500">
        <MessagesSquare aria-hidden="true" className="size-8" />
      </span>
      <h2 className="text-xl font-bold tracking-tight text-slate-900">Welcome to Messages</h2>
      <p className="max-w-sm text-sm text-slate-500">{startHint}</p>
    </div>
  );
}
