import { ArrowLeft } from 'lucide-react';
import { Link, useLocation } from 'wouter';
import type { ChatPartner } from '@touchline/shared';
import { UserAvatar } from '@/components/ui/user-avatar';
import { useChatLinks } from '../lib/chat-links';
import { presenceLabel } from '../lib/format';
import { ReportMenu } from './report-menu';

/**
 * The open conversation's header: 'Back to conversations' (phones), the partner's photo and name
 * (→ their profile), 'Online' / 'Last seen …' or '<name> is typing…', and the menu with 'Report
 * conversation'.
 */
export function ConversationHeader({
  partner,
  typing,
  now,
  threadName,
}: {
  partner: ChatPartner | null;
  /** The conversation, for 'Report conversation' in the header's menu. */
  threadName?: string;
  typing: boolean;
  /** Re-renders 'Last seen …' as time passes. */
  now: number;
}) {
  const [, navigate] = useLocation();
  const links = useChatLinks();
  const partnerHref = partner ? links.partner(partner) : null;
  const presence = partner ? presenceLabel(partner, now) : null;
  return (
    <header className="flex items-center gap-3 border-b border-slate-200 bg-white px-3 py-2.5 sm:px-4">
      <button
        type="button"
        aria-label="Back to conversations"
        onClick={() => navigate(links.list)}
        className="-ml-1 flex size-9 items-center justify-center rounded-full text-slate-600 hover:bg-slate-100 md:hidden"
      >
        <ArrowLeft aria-hidden="true" className="size-5" />
      </button>
      {partner ? (
        <>
          <span className="relative">
            <UserAvatar src={partner.profile_photo} className="size-10" />
            {partner.online ? (
              <span
                aria-hidden="true"
                className="absolute right-0 bottom-0 size-3 rounded-full bg-emerald-500 ring-2 ring-white"
              />
            ) : null}
          </span>
          <div className="min-w-0">
            <h2 className="truncate text-base leading-tight font-semibold text-slate-900">
              {partnerHref ? (
                <Link href={partnerHref} className="rounded hover:underline">
                  {partner.username}
                </Link>
              ) : (
                partner.username
              )}
            </h2>
            <p
              className={`truncate text-xs ${typing ? 'text-emerald-700 italic' : 'text-slate-500'}`}
            >
              {typing ? `${partner.username} is typing…` : presence}
            </p>
          </div>
          {threadName ? (
            <div className="ml-auto">
              <ReportMenu
                target="conversation"
                id={threadName}
                label="Conversation options"
                itemLabel="Report conversation"
                triggerClassName="flex size-9 items-center justify-center rounded-full text-slate-500 hover:bg-slate-100 hover:text-slate-700"
              />
            </div>
          ) : null}
        </>
      ) : (
        <div className="h-10" />
      )}
    </header>
  );
}
