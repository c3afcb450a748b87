export { ChatScreen } from './components/chat-screen';
export { useChatLiveSync } from './hooks/use-chat-live-sync';
