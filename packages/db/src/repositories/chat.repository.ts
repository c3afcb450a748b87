import { randomBytes } from 'node:crypto';
import { chatThreadName } from '@touchline/shared';
import { and, eq, or, sql } from 'drizzle-orm';
import type { Executor, Transaction } from '../client';
import { chatMembers, chatThreads } from '../schema';
import { rowsOf, type MediaRef } from '../sql';
import { uuidv7 } from '../uuid';

/**
 * Chat (supplement §7): conversations of two users, their messages, read pointers and unread
 * counts. Message ids are UUIDv7 (`nextChatMessageId`) and are the order of everything: history
 * pages, read pointers and "the newest message". Functions typed with `Transaction` must run in
 * the caller's transaction (the caller stores its user events and outbox event in the same one).
 *
 * Locks, always taken in this order, so writers never wait on each other crosswise: the message
 * row (edit, delete), the conversation row (a new message), then member rows. Every recount of an
 * unread number first locks the member row in its own statement, so the count that follows reads
 * every message committed before it (a send in flight either committed before, and is counted,
 * or increments after the recount).
 *
 * This file: the shapes, message ids and conversations. Messages and read pointers are
 * chat-messages.repository.ts, the conversation list and counts chat-threads.repository.ts, the
 * facts of a pair chat-pair-facts.repository.ts.
 */

export type ChatThreadRow = typeof chatThreads.$inferSelect;

/** A message with its picture (the media row's key, variants and visibility), or null. */
export type ChatMessageRow = {
  id: string;
  threadId: string;
  senderId: string;
  /** '' once deleted. */
  text: string;
  imageMediaId: string | null;
  image: MediaRef | null;
  clientId: string | null;
  createdAt: Date;
  editedAt: Date | null;
  deletedAt: Date | null;
};

/* ------------------------------------------------------------- message ids */

let lastMs = 0;
let counter = 0;

/**
 * A UUIDv7 for a message sent at `at` (RFC 9562, method 1): the 12 bits after the version are a
 * counter, so ids made by this process only ever grow, even within one millisecond or when the
 * clock steps back. Ids of different processes order by their clocks.
 */
export function nextChatMessageId(at: Date = new Date()): string {
  let ms = at.getTime();
  if (ms > lastMs) {
    lastMs = ms;
    counter = randomBytes(2).readUInt16BE(0) & 0x3ff; // leaves room to count up within the ms
  } else {
    ms = lastMs;
    counter += 1;
    if (counter > 0xfff) {
      lastMs += 1;
      ms = lastMs;
      counter = 0;
    }
  }
  const bytes = randomBytes(16);
  bytes.writeUIntBE(ms, 0, 6);
  bytes[6] = 0x70 | (counter >> 8);
  bytes[7] = counter & 0xff;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/* ----------------------------------------------------------------- shapes */

export type RawMessage = {
  id: string;
  threadId: string;
  senderId: string;
  text: string;
  imageMediaId: string | null;
  image: MediaRef | null;
  clientId: string | null;
  createdAt: Date | string;
  editedAt: Date | string | null;
  deletedAt: Date | string | null;
};

export const dateOrNull = (value: Date | string | null) =>
  value === null ? null : new Date(value);

export function toMessage(row: RawMessage): ChatMessageRow {
  return {
    id: row.id,
    threadId: row.threadId,
    senderId: row.senderId,
    text: row.text,
    imageMediaId: row.imageMediaId,
    image: row.image,
    clientId: row.clientId,
    createdAt: new Date(row.createdAt),
    editedAt: dateOrNull(row.editedAt),
    deletedAt: dateOrNull(row.deletedAt),
  };
}

/** The columns of a `RawMessage` from message alias `m` and its media row `mi`. */
export const MESSAGE_COLUMNS = sql.raw(`m.id, m.thread_id as "threadId", m.sender_id as "senderId",
  m.text, m.image_media_id as "imageMediaId",
  case when mi.id is null then null else json_build_object('key', mi.key, 'variants', mi.variants,
    'visibility', mi.visibility) end as image,
  m.client_id as "clientId", m.created_at as "createdAt", m.edited_at as "editedAt",
  m.deleted_at as "deletedAt"`);

export async function messageById(
  executor: Executor,
  messageId: string,
): Promise<ChatMessageRow | null> {
  const result = await executor.execute(sql`
    select ${MESSAGE_COLUMNS}
    from chat_messages m left join media_objects mi on mi.id = m.image_media_id
    where m.id = ${messageId}::uuid`);
  const [row] = rowsOf<RawMessage>(result);
  return row ? toMessage(row) : null;
}

/* ---------------------------------------------------------- conversations */

/**
 * The conversation of `openerId` and `otherId`: made with both member rows when missing (the
 * opener recorded), else the existing one. Two opens at once make one (the pair is unique).
 */
export async function openThread(
  tx: Transaction,
  openerId: string,
  otherId: string,
  options: { createdAt?: Date } = {},
): Promise<ChatThreadRow> {
  const name = chatThreadName(openerId, otherId);
  const [, low, high] = name.split('_') as [string, string, string];
  const createdAt = options.createdAt ?? new Date();
  const [made] = await tx
    .insert(chatThreads)
    .values({
      id: uuidv7(createdAt.getTime()),
      name,
      userLow: low,
      userHigh: high,
      openedBy: openerId.toLowerCase(),
      createdAt,
      lastActivityAt: createdAt,
    })
    .onConflictDoNothing({ target: [chatThreads.userLow, chatThreads.userHigh] })
    .returning();
  if (made) {
    await tx.insert(chatMembers).values([
      { threadId: made.id, userId: low, lastActivityAt: createdAt },
      { threadId: made.id, userId: high, lastActivityAt: createdAt },
    ]);
    return made;
  }
  const [existing] = await tx
    .select()
    .from(chatThreads)
    .where(and(eq(chatThreads.userLow, low), eq(chatThreads.userHigh, high)));
  return existing!;
}

/** The conversation of this name when `memberId` is one of its two members, else null. */
export async function threadByName(
  executor: Executor,
  name: string,
  memberId: string,
): Promise<ChatThreadRow | null> {
  const [row] = await executor
    .select()
    .from(chatThreads)
    .where(
      and(
        eq(chatThreads.name, name),
        or(eq(chatThreads.userLow, memberId), eq(chatThreads.userHigh, memberId)),
      ),
    );
  return row ?? null;
}

/** The conversation by id, or null. */
export async function threadById(
  executor: Executor,
  threadId: string,
): Promise<ChatThreadRow | null> {
  const [row] = await executor.select().from(chatThreads).where(eq(chatThreads.id, threadId));
  return row ?? null;
}
