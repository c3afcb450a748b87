export { ChatScreen } from './components/chat-screen';
export { APP_CHAT_LINKS } from './lib/chat-links';
export type { ChatLinks } from './lib/chat-links';
export { useChatLiveSync } from './hooks/use-chat-live-sync';
