export { chatKeys } from './chat-keys';
export {
  chatUnreadQueryOptions,
  getChatUnread,
  setChatUnreadTotal,
  useChatUnreadTotal,
} from './get-chat-unread';
export { openChat, useOpenChat } from './open-chat';
