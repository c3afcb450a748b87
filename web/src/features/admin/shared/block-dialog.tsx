import { errorText } from './admin-api';
import { useSetBlocked } from './block-api';
import { ReasonDialog } from './reason-dialog';

export type BlockTarget = { id: string; username: string; blocked: boolean };

/**
 * Block (reason required) or unblock (reason optional) a player or an academy; the reason goes
 * into the audit log. Open while `target` is set; closes itself on success.
 */
export function BlockDialog({
  target,
  noun,
  onClose,
}: {
  target: BlockTarget | null;
  noun: 'player' | 'academy';
  onClose: () => void;
}) {
  const mutation = useSetBlocked(onClose);
  const block = !target?.blocked;
  const close = () => {
    mutation.reset();
    onClose();
  };
  return (
    <ReasonDialog
      open={target !== null}
      title={block ? `Block ${target?.username ?? ''}?` : `Unblock ${target?.username ?? ''}?`}
      description={
        block
          ? `The ${noun} is signed out everywhere and cannot sign in until unblocked.`
          : `The ${noun} can sign in again.`
      }
      confirmLabel={block ? `Block ${noun}` : `Unblock ${noun}`}
      danger={block}
      required={block}
      placeholder={block ? 'Why is this account blocked?' : undefined}
      busy={mutation.isPending}
      error={errorText(mutation.error)}
      onClose={close}
      onConfirm={(reason) => {
        if (target) mutation.mutate({ id: target.id, username: target.username, block, reason });
      }}
    />
  );
}
