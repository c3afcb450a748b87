import { z } from 'zod';
import { LIMITS } from '../limits';
import { eitherPageFields, keysetCursorSchema, pageNumberSchema } from '../paging';
import { ROLES } from '../roles';

/**
 * Chat (supplement §7, §12 'Chat', §13 'Messages'). One conversation per pair of users, named
 * `chat_<smaller id>_<larger id>`; field names of the answers are §12's to the letter, additions
 * are marked "Added". Message ids are UUIDv7 made by the API: they are the order of everything
 * (history pages, read pointers), so "newer" means "larger id".
 */

export const CHAT_LIMITS = {
  textMax: LIMITS.messageMaxLength,
  pageSize: LIMITS.chatPageSize,
  /** The last page number `GET /api/chat?page=` serves (older history: `before`). */
  maxPage: 200,
  editWindowMs: LIMITS.messageEditWindowMinutes * 60_000,
  /** A socket sends at most one `typing` per this long (the server drops the rest). */
  typingThrottleMs: 2000,
  /** The partner's 'is typing…' shows this long after the last `typing` event. */
  typingShowMs: 5000,
  clientIdMax: 64,
} as const;

/** The client's idempotency key of a send (letters, digits, `_` and `-`). */
export const CHAT_CLIENT_ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

/** The user-facing texts of chat (errors, validation, labels). */
export const CHAT_MESSAGES = {
  // Validation (400).
  empty: 'Write a message or attach an image',
  tooLong: `Message must be at most ${CHAT_LIMITS.textMax} characters`,
  clientIdInvalid: 'Invalid client id',
  self: 'You cannot message yourself',
  // Who may message whom (403 `CHAT_ERRORS.notAllowed`, the reason as the message).
  blocked: 'You cannot message this user',
  minor: 'This player can only be messaged by friends and academies they follow',
  friendsOnly: 'You can only message your friends',
  academyToPlayer: 'Academies can message players who follow them or registered for their trials',
  playerToAcademy: 'Follow this academy to message it',
  academyToAcademy: 'Academies cannot message other academies',
  // A child's messaging setting, chosen by their guardian (supplement §14, decision 43).
  guardianFriendsOnly: "This player's guardian allows messages from friends only",
  guardianNobody: "This player's guardian has turned off messages",
  ownGuardianFriendsOnly: 'Your guardian allows messages with friends only',
  ownGuardianNobody: 'Your guardian has turned off messages',
  // 404.
  userNotFound: 'User not found',
  notFound: 'Conversation not found',
  messageNotFound: 'Message not found',
  // Own messages (403).
  notYours: 'You can only change your own messages',
  editWindow: 'Messages can only be edited or deleted within 15 minutes',
  /** What the screens show in place of a deleted message. */
  deletedText: 'message deleted',
} as const;

/** The reasons a conversation is refused (`CHAT_MESSAGES` keys). */
export type ChatRefusal =
  | 'self'
  | 'userNotFound'
  | 'blocked'
  | 'minor'
  | 'friendsOnly'
  | 'academyToPlayer'
  | 'playerToAcademy'
  | 'academyToAcademy'
  | 'guardianFriendsOnly'
  | 'guardianNobody'
  | 'ownGuardianFriendsOnly'
  | 'ownGuardianNobody';

/* ----------------------------------------------------------- thread names */

const UUID_LOWER = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const THREAD_NAME = new RegExp(`^chat_(${UUID_LOWER})_(${UUID_LOWER})$`);
const UUID_ANY = new RegExp(`^${UUID_LOWER}$`, 'i');

/**
 * The conversation of two users: `chat_<smaller uuid>_<larger uuid>` (lower-case, compared as
 * strings). Throws on a malformed id or the same user twice (a programming error: the API refuses
 * messaging yourself before it names anything).
 */
export function chatThreadName(a: string, b: string): string {
  if (!UUID_ANY.test(a) || !UUID_ANY.test(b)) throw new Error('chatThreadName: not a uuid');
  const [x, y] = [a.toLowerCase(), b.toLowerCase()];
  if (x === y) throw new Error('chatThreadName: the same user twice');
  return x < y ? `chat_${x}_${y}` : `chat_${y}_${x}`;
}

/**
 * The two members of a conversation name, `[low, high]`, or null for anything that is not exactly
 * a name `chatThreadName` makes (upper case, wrong order, the same id twice, extra characters).
 */
export function parseChatThreadName(name: string): [low: string, high: string] | null {
  if (typeof name !== 'string' || name.length !== 78) return null;
  const m = THREAD_NAME.exec(name);
  if (!m) return null;
  const [low, high] = [m[1]!, m[2]!];
  return low < high ? [low, high] : null;
}

/** The other member of a conversation, or null when `userId` is not one of its two. */
export function chatPartnerOf(name: string, userId: string): string | null {
  const members = parseChatThreadName(name);
  if (!members) return null;
  const me = userId.toLowerCase();
  if (members[0] === me) return members[1];
  if (members[1] === me) return members[0];
  return null;
}

/** The SPA link of a conversation (notifications, 'Message' buttons). */
// The conversation's page: defined beside the other links (no zod there, so the web app's first
// chunk can use it without the schemas).
export { chatLink } from '../notifications';

/* ------------------------------------------------------------------ views */

/** A message (§12 fields, to the letter). A deleted one has `text` '' and `image` null. */
export const chatMessageSchema = z.object({
  id: z.string(),
  thread_name: z.string(),
  sender_id: z.string(),
  text: z.string(),
  /** A signed URL of the private image (fresh on every read; 24 h in socket events), or null. */
  image: z.string().nullable(),
  client_id: z.string().nullable(),
  created_at: z.string(),
  edited_at: z.string().nullable(),
  deleted: z.boolean(),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

/** The other member of a conversation, as the list and the header show them. */
export const chatPartnerSchema = z.object({
  id: z.string(),
  username: z.string(),
  profile_photo: z.string().nullable(),
  /** Added: the partner's role (the profile link differs for academies). */
  role: z.enum(ROLES),
  online: z.boolean(),
  /** ISO time the partner was last seen online, or null (never, or online now). */
  last_seen: z.string().nullable(),
});
export type ChatPartner = z.infer<typeof chatPartnerSchema>;

/** A conversation as the caller sees it (`GET chat_list` items, and `thread` of `GET chat`). */
export const chatThreadSchema = z.object({
  thread_name: z.string(),
  partner: chatPartnerSchema,
  last_message: chatMessageSchema.nullable(),
  /** The caller's unread messages in this conversation. */
  unread_count: z.number().int().min(0),
  /** Added: the read pointers (the newest message each member has read), or null. */
  my_last_read_message_id: z.string().nullable(),
  partner_last_read_message_id: z.string().nullable(),
  /** Added: ISO time of the latest message (or of the opening): the list's order. */
  last_activity_at: z.string(),
});
export type ChatThread = z.infer<typeof chatThreadSchema>;

/** `POST /api/chat {receiver_id}` answer. */
export const chatOpenResponseSchema = z.object({ thread_name: z.string() });
export type ChatOpenResponse = z.infer<typeof chatOpenResponseSchema>;

/**
 * `GET /api/chat?threadName=&page=|before=`: newest first, `CHAT_LIMITS.pageSize` a page; `next`
 * (the oldest message's id) is the `before` of the following page.
 */
export const chatPageResponseSchema = z.object({
  messages: z.array(chatMessageSchema),
  ...eitherPageFields,
  /** Added: the conversation itself (partner, read pointers, unread count). */
  thread: chatThreadSchema,
});
export type ChatPageResponse = z.infer<typeof chatPageResponseSchema>;

/** `GET /api/chat_list?before=`: latest activity first. */
export const chatListResponseSchema = z.object({
  threads: z.array(chatThreadSchema),
  has_more: z.boolean(),
  /** Added: the `before` of the next page (the last conversation's keyset cursor), or null. */
  next: z.string().nullable(),
});
export type ChatListResponse = z.infer<typeof chatListResponseSchema>;

/** `GET /api/chat_unread`: the Messages badge's first value. */
export const chatUnreadResponseSchema = z.object({ unread_total: z.number().int().min(0) });
export type ChatUnreadResponse = z.infer<typeof chatUnreadResponseSchema>;

/** `POST /api/chat/{threadName}/read` answer (the caller's counts after the read). */
export const chatReadResponseSchema = z.object({
  unread_count: z.number().int().min(0),
  unread_total: z.number().int().min(0),
});
export type ChatReadResponse = z.infer<typeof chatReadResponseSchema>;

/* ----------------------------------------------------------------- inputs */

/** '' (a blank form or query field) means "absent". */
const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

/** A message's text: trimmed, at most `CHAT_LIMITS.textMax`; '' allowed (an image alone). */
export const chatTextSchema = z.preprocess(
  (v) => (v === null || v === undefined ? '' : v),
  z.string({ error: CHAT_MESSAGES.empty }).trim().max(CHAT_LIMITS.textMax, CHAT_MESSAGES.tooLong),
);

/** The send's idempotency key: optional; when given, `CHAT_CLIENT_ID_PATTERN`. */
export const chatClientIdSchema = z.preprocess(
  blankToUndefined,
  z
    .string({ error: CHAT_MESSAGES.clientIdInvalid })
    .regex(CHAT_CLIENT_ID_PATTERN, CHAT_MESSAGES.clientIdInvalid)
    .optional(),
);

/** `POST /api/chat {receiver_id}`. A malformed id is a user that does not exist. */
export const chatOpenBodySchema = z.object({
  receiver_id: z
    .string({ error: CHAT_MESSAGES.userNotFound })
    .trim()
    .toLowerCase()
    .uuid(CHAT_MESSAGES.userNotFound),
});
export type ChatOpenBody = z.infer<typeof chatOpenBodySchema>;

/**
 * `POST /api/chat/{threadName}/messages`: JSON `{text, client_id}`, or multipart with these fields
 * beside the `image` file. `text` may be '' here: the API refuses a send with neither text nor
 * image (`CHAT_MESSAGES.empty`) once it knows whether an image came.
 */
export const chatSendBodySchema = z.object({
  text: chatTextSchema,
  client_id: chatClientIdSchema,
});
export type ChatSendBodyInput = z.input<typeof chatSendBodySchema>;
export type ChatSendBody = z.output<typeof chatSendBodySchema>;

/**
 * `PATCH /api/chat_message/{id} {text}`. '' is allowed here only for a message with an image
 * (the API refuses it for a text-only message with `CHAT_MESSAGES.empty`).
 */
export const chatEditBodySchema = z.object({ text: chatTextSchema });
export type ChatEditBody = z.output<typeof chatEditBodySchema>;

/** `POST /api/chat/{threadName}/read {message_id}`: the newest message the caller has read. */
export const chatReadBodySchema = z.object({
  message_id: z
    .string({ error: CHAT_MESSAGES.messageNotFound })
    .trim()
    .toLowerCase()
    .uuid(CHAT_MESSAGES.messageNotFound),
});
export type ChatReadBody = z.infer<typeof chatReadBodySchema>;

/** A message id in a path (`chat_message/{id}`) or as `before`. */
export const chatMessageIdSchema = z
  .string({ error: CHAT_MESSAGES.messageNotFound })
  .trim()
  .toLowerCase()
  .uuid(CHAT_MESSAGES.messageNotFound);

/**
 * `GET /api/chat?threadName=&page=|before=` (supplement §12): `page` is a 1-based page number
 * (of `CHAT_LIMITS.pageSize`, at most `CHAT_LIMITS.maxPage`); `before` is the oldest message id
 * the client holds (the page is the messages strictly older: exact while messages arrive, what
 * the web client uses) and wins when both are sent. A name `parseChatThreadName` refuses is a
 * 404, so it is only checked as a string here.
 */
export const chatPageQuerySchema = z.object({
  threadName: z.string({ error: CHAT_MESSAGES.notFound }).max(100, CHAT_MESSAGES.notFound),
  page: pageNumberSchema(CHAT_LIMITS.maxPage),
  before: z.preprocess(blankToUndefined, chatMessageIdSchema.optional()),
});
export type ChatPageQuery = z.infer<typeof chatPageQuerySchema>;

/**
 * `GET /api/chat_list?before=`: `before` is the answer's `next` (`<last_activity_at to the
 * microsecond>Z~<thread id>`, paging.ts), the page the conversations strictly after it.
 */
export const chatListQuerySchema = z.object({
  before: z.preprocess(blankToUndefined, keysetCursorSchema.optional()),
});
export type ChatListQuery = z.infer<typeof chatListQuerySchema>;
