import type { ReactNode } from 'react';
import { Ban, LockOpen, MessageCircle } from 'lucide-react';
import { useOpenChat } from '@/api/chat';
import { adminChatPath } from '@/config/paths';

/**
 * A small button in a table row ('Verify', 'Block'…): `label` is its accessible name, which
 * names the row ('Block Lagos Stars'); `danger` draws it red.
 */
export function RowButton({
  label,
  icon,
  danger = false,
  busy = false,
  onClick,
  children,
}: {
  label: string;
  icon: ReactNode;
  danger?: boolean;
  /** Working on it: disabled and `aria-busy`. */
  busy?: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      aria-label={label}
      onClick={onClick}
      disabled={busy}
      aria-busy={busy || undefined}
      className={`inline-flex h-8 items-center gap-1 rounded-lg px-2.5 text-xs font-semibold whitespace-nowrap ring-1 ring-inset disabled:opacity-60 ${
        danger
          ? 'text-red-700 ring-red-200 hover:bg-red-50'
          : 'text-slate-700 ring-slate-300 hover:bg-slate-50'
      }`}
    >
      {icon}
      {children}
    </button>
  );
}

/** Block or Unblock for one account's row (players and academies), opening the block dialog. */
export function BlockRowButton({
  name,
  blocked,
  onClick,
}: {
  name: string;
  blocked: boolean;
  onClick: () => void;
}) {
  return (
    <RowButton
      label={`${blocked ? 'Unblock' : 'Block'} ${name}`}
      icon={
        blocked ? (
          <LockOpen aria-hidden="true" className="size-4" />
        ) : (
          <Ban aria-hidden="true" className="size-4" />
        )
      }
      danger={!blocked}
      onClick={onClick}
    >
      {blocked ? 'Unblock' : 'Block'}
    </RowButton>
  );
}

/**
 * 'Message' on a player's or academy's row (supplement §7: an administrator may message anyone):
 * `POST /api/chat {receiver_id}` opens or finds the conversation, then the admin area's
 * `/admin/chat/<thread>`; a refusal shows the server's reason in a toast.
 */
export function MessageRowButton({ userId, name }: { userId: string; name: string }) {
  const open = useOpenChat({ threadPath: adminChatPath });
  return (
    <RowButton
      label={`Message ${name}`}
      icon={<MessageCircle aria-hidden="true" className="size-4" />}
      busy={open.isPending}
      onClick={() => open.mutate(userId)}
    >
      Message
    </RowButton>
  );
}
