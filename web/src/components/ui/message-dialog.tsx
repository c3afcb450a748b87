import { CircleAlert, CircleCheck, Info } from 'lucide-react';
import type { ButtonTone } from './button';
import { Button } from './button';
import { Dialog } from './dialog';

export type MessageKind = 'info' | 'success' | 'error';

const ICONS = {
  info: { Icon: Info, className: 'bg-sky-50 text-sky-600 ring-sky-100' },
  success: { Icon: CircleCheck, className: 'bg-brand-50 text-brand-600 ring-brand-100' },
  error: { Icon: CircleAlert, className: 'bg-red-50 text-red-600 ring-red-100' },
} as const;

export type MessageDialogProps = {
  open: boolean;
  kind: MessageKind;
  title: string;
  message: string;
  onClose: () => void;
  /** Colour of the confirm button. */
  tone?: ButtonTone;
  confirmLabel?: string;
};

/** A title, a message and one OK button: the info, success and error dialogs of spec §8. */
export function MessageDialog({
  open,
  kind,
  title,
  message,
  onClose,
  tone = 'player',
  confirmLabel = 'OK',
}: MessageDialogProps) {
  const { Icon, className } = ICONS[kind];
  return (
    <Dialog
      open={open}
      onClose={onClose}
      role="alertdialog"
      title={title}
      description={message}
      size="max-w-sm"
      icon={
        <div
          className={`flex size-11 items-center justify-center rounded-full ring-4 ${className}`}
        >
          <Icon className="size-6" aria-hidden="true" />
        </div>
      }
    >
      <div className="mt-6 flex justify-end">
        <Button tone={tone} onClick={onClose} data-autofocus className="min-w-24 max-sm:w-full">
          {confirmLabel}
        </Button>
      </div>
    </Dialog>
  );
}
