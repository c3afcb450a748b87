import type { ChatPartner } from '@touchline/shared';
import { createContext, useContext } from 'react';
import { CHAT_PATH, chatPath, profilePath } from '@/config/paths';

/**
 * Where the chat screen's links lead, by area: players and academies use `/chat/…` and profiles;
 * the admin area passes its own (`/admin/chat/…`, the admin lists) to `ChatScreen`'s `links`.
 */
export type ChatLinks = {
  /** The conversation list ('Back to conversations'). */
  list: string;
  /** One conversation. */
  thread: (threadName: string) => string;
  /** Where the partner's name in the header leads; `null`: plain text. */
  partner: (partner: ChatPartner) => string | null;
  /** The welcome's hint on starting a conversation. */
  startHint: string;
};

export const APP_CHAT_LINKS: ChatLinks = {
  list: CHAT_PATH,
  thread: chatPath,
  partner: (partner) => profilePath(partner.id, partner.role),
  startHint:
    "Chat in real time with friends, players and academies. Pick a conversation, or press 'Message' on a profile to start one.",
};

export const ChatLinksContext = createContext<ChatLinks>(APP_CHAT_LINKS);

export function useChatLinks(): ChatLinks {
  return useContext(ChatLinksContext);
}
