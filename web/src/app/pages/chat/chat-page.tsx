import type { ScreenProps } from '@/app/routes';
import { ChatScreen } from '@/features/chat';

export default function ChatPage({ params }: ScreenProps) {
  return <ChatScreen threadName={params.threadName} />;
}
