import { z } from 'zod';
import { chatMessageSchema } from './contracts/chat';
import { PAYMENT_STATUSES } from './contracts/payments';
import { REGISTRATION_STATUSES, TRIAL_STATUSES } from './contracts/trials';
import { NOTIFICATION_KINDS } from './notifications';

/**
 * The kinds as an enum of the contract: socket events and the notifications API carry one. Here,
 * not in notifications.ts, which the web's first load imports without zod (the login budget).
 */
export const notificationKindSchema = z.enum(NOTIFICATION_KINDS);

/**
 * Server → client socket events. `seq` is present on events the user must not miss: they are
 * stored with a per-user sequence number, and a client reconnecting with `since=<n>` receives
 * every stored event after n before any live one. Ephemeral events (typing, presence) have none.
 */
const notificationData = z.object({
  id: z.string(),
  kind: notificationKindSchema,
  text: z.string(),
  link: z.string(),
  actor_id: z.string().nullable(),
  created_at: z.string(),
  /** The recipient's unread count with this notification in it: the badge takes it as is. */
  unread: z.number().int().min(0),
});

/**
 * A chat message arrived or changed (edit, deletion): each member gets their own copy, with their
 * own counts (the recipient's unread count in this conversation and in total).
 */
const chatMessageEventData = z.object({
  message: chatMessageSchema,
  unread_count: z.number().int().min(0),
  unread_total: z.number().int().min(0),
});

export const STORED_EVENT_TYPES = [
  'notification',
  'notification_count',
  'system',
  'chat_message',
  'chat_message_updated',
  'chat_read',
  'registration_changed',
  'trial_changed',
  'payment_changed',
] as const;
export type StoredEventType = (typeof STORED_EVENT_TYPES)[number];

export const storedEventDataSchemas = {
  notification: notificationData,
  notification_count: z.object({ unread: z.number().int().min(0) }),
  /** Generic message for the user (used by the foundation and by admins). */
  system: z.object({ text: z.string(), link: z.string().optional() }),
  /** A new chat message (to both members: the sender's other tabs too). */
  chat_message: chatMessageEventData,
  /** An edited or deleted chat message (`message.deleted`). */
  chat_message_updated: chatMessageEventData,
  /**
   * `user_id` read the conversation up to `message_id` (to both members: the reader's other tabs
   * clear their badge, the partner shows 'Seen'). Counts are the recipient's.
   */
  chat_read: z.object({
    thread_name: z.string(),
    user_id: z.string(),
    message_id: z.string(),
    unread_count: z.number().int().min(0),
    unread_total: z.number().int().min(0),
  }),
  /**
   * Typed change events (docs/architecture.md "Stored event types"): a registration's status
   * changed (registered, confirmed, selected, rejected, cancelled, expired), to the trial's
   * academy and the player. Screens key on the ids, never on a notice's link.
   */
  registration_changed: z.object({
    trial_id: z.string(),
    registration_id: z.string(),
    status: z.enum(REGISTRATION_STATUSES),
  }),
  /** A trial was published or cancelled: to its academy (lists and dashboard). */
  trial_changed: z.object({ trial_id: z.string(), status: z.enum(TRIAL_STATUSES) }),
  /** A payment's status changed (a refund): to the academy and the player. */
  payment_changed: z.object({
    payment_id: z.string(),
    registration_id: z.string(),
    trial_id: z.string(),
    status: z.enum(PAYMENT_STATUSES),
  }),
} as const satisfies Record<StoredEventType, z.ZodType>;

/** Ephemeral (no `seq`, not caught up): the partner is typing in a conversation. */
export const typingEventDataSchema = z.object({ thread_name: z.string(), user_id: z.string() });
/** Ephemeral: a chat partner came online or went offline (`last_seen` ISO, null while online). */
export const presenceEventDataSchema = z.object({
  user_id: z.string(),
  online: z.boolean(),
  last_seen: z.string().nullable(),
});

export const serverEventSchema = z.discriminatedUnion('type', [
  /**
   * After the catch-up. `truncated`: more was missed than a catch-up replays
   * (`REALTIME_LIMITS.catchUpMax`): only the newest were sent, so live screens refetch.
   */
  z.object({
    type: z.literal('ready'),
    last_seq: z.number().int().min(0),
    truncated: z.boolean().optional(),
  }),
  z.object({ type: z.literal('notification'), seq: z.number().int(), data: notificationData }),
  z.object({
    type: z.literal('notification_count'),
    seq: z.number().int(),
    data: storedEventDataSchemas.notification_count,
  }),
  z.object({
    type: z.literal('system'),
    seq: z.number().int(),
    data: storedEventDataSchemas.system,
  }),
  z.object({
    type: z.literal('chat_message'),
    seq: z.number().int(),
    data: storedEventDataSchemas.chat_message,
  }),
  z.object({
    type: z.literal('chat_message_updated'),
    seq: z.number().int(),
    data: storedEventDataSchemas.chat_message_updated,
  }),
  z.object({
    type: z.literal('chat_read'),
    seq: z.number().int(),
    data: storedEventDataSchemas.chat_read,
  }),
  z.object({
    type: z.literal('registration_changed'),
    seq: z.number().int(),
    data: storedEventDataSchemas.registration_changed,
  }),
  z.object({
    type: z.literal('trial_changed'),
    seq: z.number().int(),
    data: storedEventDataSchemas.trial_changed,
  }),
  z.object({
    type: z.literal('payment_changed'),
    seq: z.number().int(),
    data: storedEventDataSchemas.payment_changed,
  }),
  /**
   * Ephemeral: a notice sent to a large audience (a new post to its author's followers), shown
   * before its row is stored. The numbered `notification` with the same id follows once it is
   * stored; the client shows the notice once, by id (decision 60).
   */
  z.object({ type: z.literal('notification_preview'), data: notificationData }),
  z.object({ type: z.literal('typing'), data: typingEventDataSchema }),
  z.object({ type: z.literal('presence'), data: presenceEventDataSchema }),
  z.object({ type: z.literal('session_revoked') }),
]);
export type ServerEvent = z.infer<typeof serverEventSchema>;

/** Client → server socket messages. */
export const clientEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('ping') }),
  /** The user is typing in a conversation (sent at most every `CHAT_LIMITS.typingThrottleMs`). */
  z.object({ type: z.literal('typing'), thread_name: z.string().max(100) }),
]);
export type ClientEvent = z.infer<typeof clientEventSchema>;

/**
 * Close codes the client understands. `tooManySockets`: the user opened more sockets than
 * `REALTIME_LIMITS.socketsPerUser` on one instance and this, their oldest, was closed; the client
 * does not reconnect it (a reconnect would close the next oldest, and so on).
 */
export const SOCKET_CLOSE = {
  sessionRevoked: 4001,
  tooManySockets: 4008,
  serverShutdown: 1001,
} as const;

/** What one user's sockets may hold on an API instance (issue 25: bounded by user). */
export const REALTIME_LIMITS = {
  /** Open sockets per user and instance; one more closes the oldest with 4008. */
  socketsPerUser: 10,
  /** Stored events a connecting socket is replayed at most (the newest of what it missed). */
  catchUpMax: 500,
  /** Entries a socket's handler memo keeps (the oldest go first). */
  memoEntriesMax: 100,
} as const;

export const REALTIME_PATH = '/ws/notifications/';

/** A stored event as it travels: type, per-user sequence number and data. */
export type StoredServerEvent = Extract<ServerEvent, { seq: number }>;

/** Messages on the realtime bus, one channel per user (`userChannel`). */
export type BusMessage =
  | { kind: 'stored'; event: StoredServerEvent }
  | { kind: 'ephemeral'; event: ServerEvent }
  | { kind: 'revoke'; sessionId?: string };

export const userChannel = (userId: string) => `user:${userId}`;

/** A notice's fields every recipient of a preview shares. */
export type PreviewNotice = Omit<z.infer<typeof notificationData>, 'id' | 'unread'>;

/**
 * One message on `PREVIEWS_CHANNEL` for many recipients of the same notice (decision 60): each
 * entry is `[userId, notification id, unread count with it]`. Every API instance hears it and
 * sends a `notification_preview` to its own sockets of the users listed.
 */
export type PreviewsMessage = {
  kind: 'previews';
  notice: PreviewNotice;
  to: readonly (readonly [userId: string, id: string, unread: number])[];
};

/** The channel every API instance listens on for `PreviewsMessage`s. */
export const PREVIEWS_CHANNEL = 'notice-previews';

/**
 * The bus channel of session invalidations, one for every API instance (they are rare): each
 * instance forgets the named sessions from its session cache (decision 44).
 */
export const SESSIONS_CHANNEL = 'sessions';

/**
 * A message on `SESSIONS_CHANNEL`: every session of the user (and what `GET /api/me` answers
 * them), or one of their sessions; or only the remembered `GET /api/me` answers of some users,
 * whose own data or unread badge changed (decision 63); or only the remembered shared parts of
 * some posts, whose text, comments or media changed (decision 70). The first two also forget the
 * remembered posts the users wrote or commented on (their name, photo, bio or reach changed).
 */
export type SessionInvalidation =
  | { userId: string; sessionId?: string }
  | { profilesOf: readonly string[] }
  | { postsOf: readonly string[] };
