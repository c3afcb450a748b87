import { z } from 'zod';

/**
 * Server → client socket events. `seq` is present on events the user must not miss: they are
 * stored with a per-user sequence number, and a client reconnecting with `since=<n>` receives
 * every stored event after n before any live one. Ephemeral events (typing, presence) have none.
 */
const notificationData = z.object({
  id: z.string(),
  kind: z.string(),
  text: z.string(),
  link: z.string(),
  actor_id: z.string().nullable(),
  created_at: z.string(),
  /** The recipient's unread count with this notification in it: the badge takes it as is. */
  unread: z.number().int().min(0),
});

export const STORED_EVENT_TYPES = ['notification', 'notification_count', 'system'] as const;
export type StoredEventType = (typeof STORED_EVENT_TYPES)[number];

export const storedEventDataSchemas = {
  notification: notificationData,
  notification_count: z.object({ unread: z.number().int().min(0) }),
  /** Generic message for the user (used by the foundation and by admins). */
  system: z.object({ text: z.string(), link: z.string().optional() }),
} as const satisfies Record<StoredEventType, z.ZodType>;

export const serverEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('ready'), last_seq: z.number().int().min(0) }),
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
  z.object({ type: z.literal('session_revoked') }),
]);
export type ServerEvent = z.infer<typeof serverEventSchema>;

/** Client → server socket messages. */
export const clientEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('ping') }),
]);
export type ClientEvent = z.infer<typeof clientEventSchema>;

/** Close codes the client understands. */
export const SOCKET_CLOSE = {
  sessionRevoked: 4001,
  serverShutdown: 1001,
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
