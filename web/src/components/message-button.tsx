import type { RelationshipView } from '@touchline/shared';
import { MessageCircle } from 'lucide-react';
import { useSnapshot } from 'valtio';
import { useOpenChat } from '@/api/chat';
import { useAwaitingConsent } from '@/api/consent';
import { session } from '@/lib/session';
import { Button } from './ui/button';
import { WaitingForGuardian } from './waiting-for-guardian';

/** Who is asking and whom they would message: ids and roles, and what is known between them. */
export type MessageTarget = {
  viewerId: string | null;
  viewerRole: string | null;
  userId: string;
  /** The other person's role (`player`, `academy`, `admin`). */
  role: string;
  /** Unknown (not loaded, or not given for this list) counts as 'not friends'. */
  relationship?: RelationshipView | null;
};

/**
 * Whether a 'Message' button is worth showing (supplement §7, §13). The server decides; this
 * only leaves out what it always refuses or what is pointless: yourself, someone you blocked,
 * academy ↔ academy, and a player who is not your friend when you are a player. Everything else
 * (an academy and a player, a minor's limited card) is offered: the server answers with the
 * conversation or with its reason.
 */
export function canOfferMessage({
  viewerId,
  viewerRole,
  userId,
  role,
  relationship,
}: MessageTarget): boolean {
  if (!viewerId || userId === viewerId) return false;
  if (relationship?.friend_status === 'self' || relationship?.blocked_by_me) return false;
  if (role !== 'player' && role !== 'academy' && role !== 'admin') return false;
  switch (viewerRole) {
    case 'admin':
      return true;
    case 'academy':
      return role !== 'academy';
    case 'player':
      return role !== 'player' || relationship?.friend_status === 'friends';
    default:
      return false;
  }
}

export type MessageButtonProps = {
  userId: string;
  name: string;
  role: string;
  relationship?: RelationshipView | null;
  /**
   * `row`: compact, secondary, the name in its accessible label ('Message Kemi Adeyemi');
   * `profile`: the profile header's button in the viewer's colour, labelled 'Message'.
   */
  variant: 'row' | 'profile';
};

/**
 * 'Message' on profiles, friends lists and search results: opens (or creates) the conversation
 * and goes to `/chat/<thread>`, or shows the server's reason in a toast ('This player can only be
 * messaged by friends and academies they follow'…). Renders nothing where it cannot work.
 */
export function MessageButton({ userId, name, role, relationship, variant }: MessageButtonProps) {
  const { user_id: viewerId, role: viewerRole } = useSnapshot(session);
  const waiting = useAwaitingConsent();
  if (!canOfferMessage({ viewerId, viewerRole, userId, role, relationship })) return null;
  // A child awaiting consent cannot message yet: the profile says why, a list row stays quiet.
  if (waiting) return variant === 'profile' ? <WaitingForGuardian action="send messages" /> : null;
  return <OpenChatButton userId={userId} name={name} variant={variant} viewerRole={viewerRole} />;
}

function OpenChatButton({
  userId,
  name,
  variant,
  viewerRole,
}: {
  userId: string;
  name: string;
  variant: 'row' | 'profile';
  viewerRole: string | null;
}) {
  const open = useOpenChat();
  const row = variant === 'row';
  return (
    <Button
      tone={row ? 'secondary' : viewerRole === 'academy' ? 'academy' : 'player'}
      className={row ? 'px-3 py-2' : undefined}
      aria-label={row ? `Message ${name}` : undefined}
      loading={open.isPending}
      onClick={() => open.mutate(userId)}
    >
      <MessageCircle aria-hidden="true" className="size-4" />
      Message
    </Button>
  );
}
