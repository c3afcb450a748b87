/** Chat: conversations, messages, read pointers, unread counts, presence's last seen, pair facts. */
export * from '../repositories/chat.repository';
export * from '../repositories/chat-messages.repository';
export * from '../repositories/chat-threads.repository';
export * from '../repositories/chat-pair-facts.repository';
