import type { ScreenProps } from '@/app/routes';
import { ADMIN_CHAT_PATH, adminChatPath } from '@/config/paths';
import type { ChatLinks } from '@/features/chat';
import { ChatScreen } from '@/features/chat';

/**
 * The admin area's links for the chat screen: its conversations under `/admin/chat/`, and a
 * partner's name leading to the admin list that finds them (administrators open no profiles).
 */
const ADMIN_CHAT_LINKS: ChatLinks = {
  list: ADMIN_CHAT_PATH,
  thread: adminChatPath,
  partner: (partner) => {
    const search = `?search=${encodeURIComponent(partner.username)}`;
    if (partner.role === 'player') return `/admin/playerview${search}`;
    if (partner.role === 'academy') return `/admin/academyview${search}`;
    return null;
  },
  startHint: "Message any player or academy: press 'Message' on their row in Players or Academies.",
};

/**
 * `/admin/chat/{threadName?}`: an administrator's Messages (supplement §7), the chat feature's
 * screen in the admin frame (whose only bar is the 4rem header).
 */
export default function AdminChatPage({ params }: ScreenProps) {
  return (
    <ChatScreen
      threadName={params.threadName}
      links={ADMIN_CHAT_LINKS}
      heightClassName="h-[calc(100dvh-4rem)]"
    />
  );
}
