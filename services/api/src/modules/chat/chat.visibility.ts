import type { ChatPairFacts } from '@touchline/db/chat';
import { decideChatPermission } from './chat.permissions';

/**
 * Whether a conversation partner is shown as themselves — name, photo, live presence and last
 * seen — in `chat_list`, `GET chat` and `presence` events (supplement §3, §13; issue 25). A block
 * either way ends it. So does, for a pair with a minor, the end of what lets the two write to each
 * other (a minor's unfollow of an academy, a friendship ended): the pair rule of
 * `decideChatPermission` for a conversation that exists. Adults keep seeing each other in the
 * conversations they have. Pure: the facts come from `chatPairFactsFor`.
 */
export function partnerVisible(facts: ChatPairFacts): boolean {
  if (facts.blocked) return false;
  // An account that is gone (deleted, erased: its tombstone reads 'Deleted user', supplement §15)
  // or switched off shows what is stored of it; it has no presence to leak, and an erased
  // tombstone's unknown age must not rename it 'Touchline user'.
  if (facts.receiver && !facts.receiver.isActive) return true;
  const minorPair = facts.sender.isMinor || Boolean(facts.receiver?.isMinor);
  return !minorPair || decideChatPermission(facts, 'send').ok;
}
