import type { Database, Executor, Transaction } from '@touchline/db';
import {
  chatPairFacts,
  deleteMessage,
  editMessage,
  findMessage,
  insertMessage,
  listMessages,
  listThreads,
  lockEventCounters,
  markRead,
  openThread,
  threadByName,
  threadItem,
  threadUnread,
  unreadTotal,
} from '@touchline/db/chat';
import { deleteOwnedMediaObjects, recordUnclaimedFiles } from '@touchline/db/media';
import { appendEvent, replaceStoredChatMessage } from '@touchline/db/platform';
import { storeUserEvents, type Publisher, type UserEventDraft } from '@touchline/delivery';
import type { StorageDriver } from '@touchline/drivers';
import {
  CHAT_LIMITS,
  chatPartnerOf,
  chatThreadName,
  todayInLagos,
  type ChatListResponse,
  type ChatMessage,
  type ChatPageResponse,
  type ChatReadResponse,
  type StoredServerEvent,
} from '@touchline/shared';
import type { Viewer } from '../../lib/auth-context';
import { pageOf, pageWindow, type PageQuery } from '../../lib/paging';
import { storageKeysOf } from '../media/media.uploads';
import { chatErrors } from './chat.errors';
import { deleteUnclaimedFiles, preparePrivateImage, type PreparedImage } from './chat.images';
import { decideChatPermission, type ChatPermissionMode } from './chat.permissions';
import { createChatViews } from './chat.views';

/** Who of these users has a socket open now (the realtime module's presence). */
export type ChatPresence = { online(userIds: readonly string[]): Promise<ReadonlySet<string>> };

export type ChatServiceDeps = {
  db: Database;
  clock: () => Date;
  storage: StorageDriver;
  presence: ChatPresence;
  /** Publishes a stored event after its commit (never rejects). */
  publisher: Publisher;
  /** A picture file that could not be deleted (an orphan file, never a broken link). */
  onStorageError?: (err: unknown) => void;
};

type Thread = { id: string; name: string; userLow: string; userHigh: string };
type Stored = { userId: string; event: StoredServerEvent };
type Counts = { unread_count: number; unread_total: number };

/**
 * Chat (supplement §7, §12, §13). Conversations open on `POST chat` only, after the pair rule
 * (`decideChatPermission`); every later write re-checks it for the pair as it is now. Every
 * change commits with its stored events for BOTH members (each copy carrying that member's own
 * unread counts) and is published after the commit, so a reconnecting socket catches up exactly
 * what it missed. A send also writes `chat.message_sent` (the receiver's notification).
 */
export function createChatService(deps: ChatServiceDeps) {
  const { db, clock, storage, presence } = deps;
  const views = createChatViews(storage);
  const onStorageError = deps.onStorageError ?? (() => undefined);

  /** The conversation, when the caller is one of its two members; otherwise 404. */
  async function memberThread(
    executor: Executor,
    viewer: Viewer,
    threadName: string,
  ): Promise<Thread> {
    if (!chatPartnerOf(threadName, viewer.userId)) throw chatErrors.notFound();
    const thread = await threadByName(executor, threadName, viewer.userId);
    if (!thread) throw chatErrors.notFound();
    return thread;
  }

  const partnerIn = (thread: Thread, userId: string) =>
    thread.userLow === userId ? thread.userHigh : thread.userLow;

  /** The pair rule for the caller and `receiverId` as they are now; throws the refusal. */
  async function check(
    executor: Executor,
    senderId: string,
    receiverId: string,
    mode: ChatPermissionMode,
  ) {
    if (senderId === receiverId) throw chatErrors.refused('self');
    const facts = await chatPairFacts(executor, senderId, receiverId, todayInLagos(clock()));
    const decision = decideChatPermission(facts, mode);
    if (!decision.ok) throw chatErrors.refused(decision.reason);
  }

  async function countsOf(executor: Executor, threadId: string, userId: string): Promise<Counts> {
    // One after the other: inside a transaction both run on its one connection anyway.
    const count = await threadUnread(executor, threadId, userId);
    const total = await unreadTotal(executor, userId);
    return { unread_count: count, unread_total: total };
  }

  /**
   * One stored event for each member of the conversation, in the caller's transaction, each with
   * that member's counts. Counters are taken in user-id order (no crosswise waits).
   */
  async function storeForBoth<T extends StoredServerEvent['type']>(
    tx: Transaction,
    thread: Thread,
    type: T,
    dataFor: (counts: Counts) => Extract<StoredServerEvent, { type: T }>['data'],
  ): Promise<Stored[]> {
    const members = [thread.userLow, thread.userHigh];
    // The members' event counters first (id order, after the rows this change wrote, as every
    // writer takes them): a concurrent change for the same user counts after this one commits,
    // so the newest event always carries the true total.
    await lockEventCounters(tx, members);
    const events = [];
    for (const userId of members) {
      const counts = await countsOf(tx, thread.id, userId);
      events.push({ userId, type, data: dataFor(counts) });
    }
    return storeUserEvents(tx, events as UserEventDraft[]);
  }

  /**
   * Deleted means deleted (issue 25): the stored copies of an edited or deleted message, in both
   * members' events, become its new view, so a catch-up never replays the removed text.
   */
  async function forgetStoredText(
    tx: Transaction,
    thread: Thread,
    messageId: string,
    view: ChatMessage,
  ) {
    await replaceStoredChatMessage(tx, {
      userIds: [thread.userLow, thread.userHigh],
      messageId,
      message: view,
    });
  }

  async function publishAll(stored: readonly Stored[]) {
    await deps.publisher.publish(stored);
  }

  /** The caller's own message, locked for a change, within the edit window. */
  async function ownMessage(tx: Executor, viewer: Viewer, messageId: string) {
    const found = await findMessage(tx, messageId, viewer.userId, { lock: true });
    if (!found || found.message.deletedAt) throw chatErrors.messageNotFound();
    if (found.message.senderId !== viewer.userId) throw chatErrors.notYours();
    const age = clock().getTime() - new Date(found.message.createdAt).getTime();
    if (age > CHAT_LIMITS.editWindowMs) throw chatErrors.editWindow();
    return found;
  }

  async function threadView(executor: Executor, thread: Thread, viewer: Viewer) {
    const row = await threadItem(executor, thread.id, viewer.userId);
    if (!row) throw chatErrors.notFound();
    const online = await presence.online([row.partner.id]);
    return views.thread(row, online);
  }

  /** Deletes a message of `senderId` in `thread` (checked by the caller), in `tx`. */
  async function deleteInTransaction(
    tx: Transaction,
    thread: Thread,
    messageId: string,
    senderId: string,
  ) {
    const { message, imageMediaId } = await deleteMessage(tx, messageId, { at: clock() });
    const files = await deleteOwnedMediaObjects(tx, senderId, [imageMediaId]);
    // Tracked until they are deleted after the commit (a crash leaves them to the prune).
    const filesRecord =
      files.length > 0
        ? await recordUnclaimedFiles(tx, {
            keys: storageKeysOf(files).map(([key]) => key),
            visibility: files[0]!.visibility,
          })
        : null;
    const view = await views.message(message, thread.name);
    await forgetStoredText(tx, thread, messageId, view);
    const stored = await storeForBoth(tx, thread, 'chat_message_updated', (counts) => ({
      message: view,
      ...counts,
    }));
    return { view, stored, files, filesRecord };
  }

  /** After a delete's commit: its picture's files go, then both members hear of it. */
  async function finishDelete(outcome: Awaited<ReturnType<typeof deleteInTransaction>>) {
    if (outcome.filesRecord) {
      await deleteUnclaimedFiles(
        { db, storage },
        outcome.filesRecord,
        outcome.files,
        onStorageError,
      );
    }
    await publishAll(outcome.stored);
  }

  return {
    /**
     * `POST chat`: opens or finds the conversation with the receiver (§7, §13). A conversation
     * that exists is found while its members may still write in it (adults keep theirs when the
     * follow that opened it ends), so 'Message' leads back to it.
     */
    async open(viewer: Viewer, receiverId: string) {
      if (viewer.userId === receiverId) throw chatErrors.refused('self');
      const facts = await chatPairFacts(db, viewer.userId, receiverId, todayInLagos(clock()));
      const opening = decideChatPermission(facts, 'open');
      if (opening.ok) {
        const thread = await db.transaction((tx) => openThread(tx, viewer.userId, receiverId));
        return { thread_name: thread.name };
      }
      if (facts.receiver && decideChatPermission(facts, 'send').ok) {
        const name = chatThreadName(viewer.userId, receiverId);
        const existing = await threadByName(db, name, viewer.userId);
        if (existing) return { thread_name: existing.name };
      }
      throw chatErrors.refused(opening.reason);
    },

    /**
     * `GET chat`: a page of messages, newest first: strictly older than `before` (a message id,
     * exact while messages arrive), else the `page`-th page of `CHAT_LIMITS.pageSize`.
     */
    async page(viewer: Viewer, threadName: string, query: PageQuery): Promise<ChatPageResponse> {
      const thread = await memberThread(db, viewer, threadName);
      const size = CHAT_LIMITS.pageSize;
      const rows = await listMessages(db, thread.id, pageWindow(query, size));
      const { items, ...paging } = pageOf(rows, query, size, (row) => row.id);
      return {
        messages: await Promise.all(items.map((row) => views.message(row, thread.name))),
        ...paging,
        thread: await threadView(db, thread, viewer),
      };
    },

    /** `GET chat_list`: the caller's conversations, latest activity first. */
    async list(viewer: Viewer, before: string | undefined): Promise<ChatListResponse> {
      const size = CHAT_LIMITS.pageSize;
      const rows = await listThreads(db, viewer.userId, { before, limit: size + 1 });
      const page = rows.slice(0, size);
      const online = await presence.online(page.map((row) => row.partner.id));
      return {
        threads: await Promise.all(page.map((row) => views.thread(row, online))),
        has_more: rows.length > size,
        next: rows.length > size ? page[page.length - 1]!.cursor : null,
      };
    },

    unreadTotal: (viewer: Viewer) => unreadTotal(db, viewer.userId),

    /**
     * `POST chat/{threadName}/messages`: text and/or a picture. The same `clientId` again answers
     * the stored message and stores nothing new (`replayed`).
     */
    async send(
      viewer: Viewer,
      threadName: string,
      input: { text: string; clientId: string | null; image: Buffer | null },
    ): Promise<{ message: ChatMessage; replayed: boolean }> {
      const thread = await memberThread(db, viewer, threadName);
      const text = input.text.trim();
      if (!text && !input.image) throw chatErrors.empty();
      await check(db, viewer.userId, partnerIn(thread, viewer.userId), 'send');

      const image: PreparedImage | null = input.image
        ? await preparePrivateImage({ db, storage }, input.image)
        : null;
      let outcome: { message: ChatMessage; replayed: boolean; stored: Stored[] };
      try {
        outcome = await db.transaction(async (tx) => {
          if (image) await image.record(tx, viewer.userId);
          const { message, replayed } = await insertMessage(tx, {
            threadId: thread.id,
            senderId: viewer.userId,
            text,
            imageMediaId: image?.id ?? null,
            clientId: input.clientId,
            createdAt: clock(),
          });
          if (replayed) {
            if (image) await deleteOwnedMediaObjects(tx, viewer.userId, [image.id]);
            return { message: await views.message(message, thread.name), replayed, stored: [] };
          }
          await image?.claim(tx);
          await appendEvent(tx, { type: 'chat.message_sent', payload: { messageId: message.id } });
          const view = await views.message(message, thread.name);
          const stored = await storeForBoth(tx, thread, 'chat_message', (counts) => ({
            message: view,
            ...counts,
          }));
          return { message: view, replayed, stored };
        });
      } catch (err) {
        await image?.discard(onStorageError);
        throw err;
      }
      if (outcome.replayed) await image?.discard(onStorageError);
      await publishAll(outcome.stored);
      return { message: outcome.message, replayed: outcome.replayed };
    },

    /** `PATCH chat_message/{id}`: your own, within 15 minutes, while the pair may still talk. */
    async edit(viewer: Viewer, messageId: string, rawText: string): Promise<ChatMessage> {
      const text = rawText.trim();
      const outcome = await db.transaction(async (tx) => {
        const { message, thread } = await ownMessage(tx, viewer, messageId);
        if (!text && !message.image) throw chatErrors.empty();
        await check(tx, viewer.userId, partnerIn(thread, viewer.userId), 'send');
        const edited = await editMessage(tx, messageId, { text, at: clock() });
        const view = await views.message(edited, thread.name);
        await forgetStoredText(tx, thread, messageId, view);
        const stored = await storeForBoth(tx, thread, 'chat_message_updated', (counts) => ({
          message: view,
          ...counts,
        }));
        return { view, stored };
      });
      await publishAll(outcome.stored);
      return outcome.view;
    },

    /** `DELETE chat_message/{id}`: your own, within 15 minutes; both then see 'message deleted'. */
    async remove(viewer: Viewer, messageId: string): Promise<ChatMessage> {
      const outcome = await db.transaction(async (tx) => {
        const { thread } = await ownMessage(tx, viewer, messageId);
        return deleteInTransaction(tx, thread, messageId, viewer.userId);
      });
      await finishDelete(outcome);
      return outcome.view;
    },

    /**
     * An administrator's removal of a reported message (decision 48), inside the caller's
     * transaction: the same delete as its sender's (stored copies replaced, both members told,
     * its picture's files tracked), whatever its age. `finish` runs after the commit (files
     * deleted, events published); `removed` is false when it was already deleted.
     */
    async removeForModeration(tx: Transaction, target: { messageId: string; senderId: string }) {
      const { messageId, senderId } = target;
      const found = await findMessage(tx, messageId, senderId, { lock: true });
      if (!found || found.message.deletedAt || found.message.senderId !== senderId) {
        return { removed: false as const, finish: async () => undefined };
      }
      const outcome = await deleteInTransaction(tx, found.thread, messageId, senderId);
      return { removed: true as const, finish: () => finishDelete(outcome) };
    },

    /**
     * `POST chat/{threadName}/read`: the caller has read up to `messageId` (a message of this
     * conversation). The pointer only moves forward; a move is told to both members.
     */
    async markRead(
      viewer: Viewer,
      threadName: string,
      messageId: string,
    ): Promise<ChatReadResponse> {
      const thread = await memberThread(db, viewer, threadName);
      const outcome = await db.transaction(async (tx) => {
        const result = await markRead(tx, thread.id, viewer.userId, messageId);
        if (!result) throw chatErrors.messageNotFound();
        const stored = result.moved
          ? await storeForBoth(tx, thread, 'chat_read', (counts) => ({
              thread_name: thread.name,
              user_id: viewer.userId,
              message_id: result.lastReadMessageId ?? messageId,
              ...counts,
            }))
          : [];
        return { counts: await countsOf(tx, thread.id, viewer.userId), stored };
      });
      await publishAll(outcome.stored);
      return outcome.counts;
    },
  };
}

export type ChatService = ReturnType<typeof createChatService>;
