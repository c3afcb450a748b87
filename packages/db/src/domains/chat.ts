/** Chat: conversations, messages, read pointers, unread counts, presence's last seen, pair facts. */
export * from '../repositories/chat.repository';
