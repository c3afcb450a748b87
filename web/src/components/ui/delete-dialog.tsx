import { Trash2 } from 'lucide-react';
import { ConfirmDialog } from './confirm-dialog';

export type DeleteDialogProps = {
  open: boolean;
  title: string;
  description?: string;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
};

/** The red "Delete …?" confirmation of posts, comments, achievements and experience. */
export function DeleteDialog(props: DeleteDialogProps) {
  return (
    <ConfirmDialog
      {...props}
      icon={<Trash2 className="size-5" aria-hidden="true" />}
      confirmLabel="Delete"
      busyLabel="Deleting…"
      confirmClassName="bg-red-600 text-white shadow-sm hover:bg-red-700 active:bg-red-800"
    />
  );
}
