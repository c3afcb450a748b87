import type { StorageDriver } from '@touchline/drivers';
import { type ChatMessage, type ChatPartner, type ChatThread, type Role } from '@touchline/shared';
import { CHAT_IMAGE_URL_TTL_SECONDS, imageUrlOf, type ChatImageRef } from './chat.images';

/** A stored message as the views take it (the repository's rows, structurally). */
export type ChatMessageLike = {
  id: string;
  senderId: string;
  text: string;
  image: ChatImageRef | null;
  clientId: string | null;
  createdAt: Date | string;
  editedAt: Date | string | null;
  deletedAt: Date | string | null;
};

/** A conversation as the caller sees it (the repository's list rows, structurally). */
export type ChatThreadLike = {
  name: string;
  partner: {
    id: string;
    username: string;
    role: Role;
    photo: ChatImageRef | null;
    lastSeenAt: Date | string | null;
    /** Either member blocked the other. */
    blocked?: boolean;
    /** Not shown as themselves for another reason (`partnerVisible`, chat.visibility.ts). */
    hidden?: boolean;
  };
  lastMessage: ChatMessageLike | null;
  unreadCount: number;
  myLastReadMessageId: string | null;
  partnerLastReadMessageId: string | null;
  lastActivityAt: Date | string;
};

const iso = (value: Date | string) => new Date(value).toISOString();

/**
 * How a blocked (or blocking) conversation partner, or a minor's partner once the pair rule ended
 * (`partnerVisible`), is named in the chat list and `GET chat`.
 */
export const CHAT_HIDDEN_PARTNER = 'Touchline user';

/**
 * Shapes chat rows into the contract. A deleted message keeps its place with no text and no
 * picture (the screens show 'message deleted'); pictures are private, answered as signed URLs
 * made fresh on every read.
 */
export function createChatViews(storage: Pick<StorageDriver, 'signedUrl' | 'publicUrl'>) {
  const avatar = (photo: ChatImageRef | null) =>
    photo && photo.visibility === 'public'
      ? storage.publicUrl(photo.variants.thumb ?? photo.variants.display ?? photo.key)
      : null;

  async function message(row: ChatMessageLike, threadName: string): Promise<ChatMessage> {
    const deleted = row.deletedAt !== null;
    return {
      id: row.id,
      thread_name: threadName,
      sender_id: row.senderId,
      text: deleted ? '' : row.text,
      image: deleted ? null : await imageUrlOf(storage, row.image, CHAT_IMAGE_URL_TTL_SECONDS),
      client_id: row.clientId,
      created_at: iso(row.createdAt),
      edited_at: row.editedAt === null ? null : iso(row.editedAt),
      deleted,
    };
  }

  function partner(row: ChatThreadLike['partner'], online: ReadonlySet<string>): ChatPartner {
    // A block ends visibility (§3, §13): no name, photo, presence or last seen across it; so does
    // the end of a minor's pair rule (a minor's unfollow, chat.visibility.ts).
    if (row.blocked || row.hidden)
      return {
        id: row.id,
        username: CHAT_HIDDEN_PARTNER,
        profile_photo: null,
        role: row.role,
        online: false,
        last_seen: null,
      };
    const isOnline = online.has(row.id);
    return {
      id: row.id,
      username: row.username,
      profile_photo: avatar(row.photo),
      role: row.role,
      online: isOnline,
      last_seen: isOnline || row.lastSeenAt === null ? null : iso(row.lastSeenAt),
    };
  }

  async function thread(row: ChatThreadLike, online: ReadonlySet<string>): Promise<ChatThread> {
    return {
      thread_name: row.name,
      partner: partner(row.partner, online),
      last_message: row.lastMessage ? await message(row.lastMessage, row.name) : null,
      unread_count: row.unreadCount,
      my_last_read_message_id: row.myLastReadMessageId,
      partner_last_read_message_id: row.partnerLastReadMessageId,
      last_activity_at: iso(row.lastActivityAt),
    };
  }

  return { message, partner, thread };
}

export type ChatViews = ReturnType<typeof createChatViews>;
