import type { ReactNode } from 'react';
import { useCallback, useState } from 'react';
import type { ButtonTone } from '@/components/ui/button';
import type { MessageKind } from '@/components/ui/message-dialog';
import { MessageDialog } from '@/components/ui/message-dialog';

export type DialogMessage = { kind: MessageKind; title: string; message: string };

type Pending = DialogMessage & { resolve: () => void };

/**
 * One message dialog for a screen. `show()` opens it and resolves once the user closes it (OK,
 * Esc or the backdrop), so a flow can read `await show(...); navigate(...)`.
 */
export function useMessageDialog(tone: ButtonTone = 'player'): {
  show: (message: DialogMessage) => Promise<void>;
  dialog: ReactNode;
} {
  const [pending, setPending] = useState<Pending | null>(null);

  const show = useCallback(
    (message: DialogMessage) =>
      new Promise<void>((resolve) => {
        setPending({ ...message, resolve });
      }),
    [],
  );

  const close = () => {
    setPending(null);
    pending?.resolve();
  };

  const dialog = pending ? (
    <MessageDialog
      open
      kind={pending.kind}
      title={pending.title}
      message={pending.message}
      tone={tone}
      onClose={close}
    />
  ) : null;

  return { show, dialog };
}
