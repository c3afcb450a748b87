import type { ChatPairFacts } from '@touchline/db/chat';
import type { ChatRefusal } from '@touchline/shared';

/**
 * Who may message whom (supplement §7 and §13), as one pure decision over the facts of a pair
 * (`chatPairFacts` reads them in one query). No database, no clock: unit-tested on its own.
 */

/** The member of a pair as the decision needs it (`chatPairFacts` reads them in one query). */
export type { ChatPartyFacts } from '@touchline/db/chat';

/** The facts of a pair: both members, and what ties or separates them. */
export type ChatPairFactsInput = ChatPairFacts;

export type ChatPermission = { ok: true } | { ok: false; reason: ChatRefusal };

/**
 * `open`: the caller starts (or finds) a conversation with the receiver (`POST chat`).
 * `send`: the caller writes in a conversation that exists: both must be active and not blocked,
 * and when either is a minor the pair rule still holds (an unfollow ends an academy's access to a
 * minor); adults keep an existing conversation.
 */
export type ChatPermissionMode = 'open' | 'send';

const allow: ChatPermission = { ok: true };
const refuse = (reason: ChatRefusal): ChatPermission => ({ ok: false, reason });

/**
 * A minor's messaging setting (chosen by a guardian) refusing this pair: `nobody` refuses
 * everyone, `friends` everyone but friends; null when it allows the pair (or the user is an adult).
 */
function guardianSetting(
  party: ChatPairFactsInput['sender'],
  friends: boolean,
  own: boolean,
): ChatRefusal | null {
  if (!party.isMinor) return null;
  if (party.messaging === 'nobody') return own ? 'ownGuardianNobody' : 'guardianNobody';
  if (party.messaging === 'friends' && !friends)
    return own ? 'ownGuardianFriendsOnly' : 'guardianFriendsOnly';
  return null;
}

/**
 * Checked in this order: self; receiver missing, inactive or with an unverified e-mail (404 when
 * opening; an inactive member of an existing conversation reads as blocked); blocked either way;
 * either is an administrator (allowed); academy ↔ academy (refused); a minor's messaging setting
 * (`nobody`: refused; `friends`: friends only; the receiver's first, then the sender's own); player ↔ player: friends
 * only; academy ↔ player: the player follows the academy or registered for one of its trials,
 * and a minor's academy must be verified (§13); otherwise a verified academy → an adult 'Open to
 * Work' player. A minor is never reachable by a stranger, whatever they set.
 */
export function decideChatPermission(
  facts: ChatPairFactsInput,
  mode: ChatPermissionMode = 'open',
): ChatPermission {
  const { sender, receiver } = facts;
  if (receiver && receiver.id === sender.id) return refuse('self');
  if (mode === 'open') {
    if (!receiver || !receiver.isActive || !receiver.emailVerified) return refuse('userNotFound');
    if (!sender.isActive) return refuse('blocked');
  } else {
    if (!receiver) return refuse('userNotFound');
    if (!receiver.isActive || !sender.isActive) return refuse('blocked');
  }
  if (facts.blocked) return refuse('blocked');
  // Guardians read a child's academy conversations on their own page; they do not chat (§14).
  if (sender.role === 'guardian' || receiver.role === 'guardian') return refuse('userNotFound');
  if (sender.role === 'admin' || receiver.role === 'admin') return allow;

  if (sender.role === 'academy' && receiver.role === 'academy') return refuse('academyToAcademy');

  // A child's guardian narrows who may talk with the child, both ways (§14, decision 43).
  const setting =
    guardianSetting(receiver, facts.friends, false) ?? guardianSetting(sender, facts.friends, true);
  if (setting) return refuse(setting);

  if (sender.role === 'player' && receiver.role === 'player') {
    if (facts.friends) return allow;
    // Adults keep a conversation they have; a minor's needs the friendship.
    if (mode === 'send' && !sender.isMinor && !receiver.isMinor) return allow;
    return refuse('friendsOnly');
  }

  // One academy and one player.
  const academyToPlayer = sender.role === 'academy';
  const academy = academyToPlayer ? sender : receiver;
  const player = academyToPlayer ? receiver : sender;
  const verified = academy.academyStatus === 'verified';

  if (facts.follows || facts.registered) {
    // A minor's circle takes only a verified academy (§13).
    return player.isMinor && !verified ? refuse('minor') : allow;
  }
  if (player.isMinor) return refuse(academyToPlayer ? 'minor' : 'playerToAcademy');
  if (mode === 'send') return allow; // adults keep an existing conversation
  if (academyToPlayer && verified && receiver.openToWork) return allow;
  return refuse(academyToPlayer ? 'academyToPlayer' : 'playerToAcademy');
}
