/**
 * Every chat query starts with `['chat']`. The list and the threads are the chat feature's; the
 * unread total is read by the frame's Messages links too.
 */
export const chatKeys = {
  all: ['chat'] as const,
  /** `GET /api/chat_list`, an infinite query (latest activity first). */
  list: ['chat', 'list'] as const,
  /** Every open conversation's history. */
  threads: ['chat', 'thread'] as const,
  /** `GET /api/chat?threadName=`, an infinite query of pages newest first. */
  thread: (threadName: string) => ['chat', 'thread', threadName] as const,
  /** `GET /api/chat_unread`: `{ unread_total }`. */
  unread: ['chat', 'unread'] as const,
};
