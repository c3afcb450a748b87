import type { Role } from '@touchline/shared';
import { LogOut } from 'lucide-react';
import type { RefObject } from 'react';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useLogout } from '../api/logout';

export const LOGOUT_TITLE = 'Log out of Touchline?';

/** The logout confirmation (spec §2: "Logout opens a confirmation modal"). */
export function LogoutDialog({
  open,
  role,
  onClose,
  returnFocus,
  confirmClassName,
}: {
  open: boolean;
  role: Role | null;
  onClose: () => void;
  returnFocus?: RefObject<HTMLElement | null>;
  confirmClassName?: string;
}) {
  const { logout, isPending } = useLogout(role);
  return (
    <ConfirmDialog
      open={open}
      title={LOGOUT_TITLE}
      description="You will need to sign in again to use Touchline on this device."
      icon={<LogOut aria-hidden="true" className="size-5" />}
      cancelLabel="Cancel"
      confirmLabel="Log out"
      busyLabel="Logging out…"
      confirmClassName={confirmClassName}
      busy={isPending}
      onConfirm={logout}
      onCancel={onClose}
      returnFocus={returnFocus}
    />
  );
}
