import { Pencil, Trash2 } from 'lucide-react';

export type EditDeleteButtonsProps = {
  /** What the buttons act on, for their labels ('Edit <name>', 'Delete <name>'). */
  name: string;
  onEdit: () => void;
  onDelete: () => void;
};

/** The owner's pencil and bin icon buttons beside an item of a list. */
export function EditDeleteButtons({ name, onEdit, onDelete }: EditDeleteButtonsProps) {
  return (
    <div className="flex shrink-0 items-start gap-1">
      <button
        type="button"
        aria-label={`Edit ${name}`}
        className="rounded-lg p-2 text-slate-500 hover:bg-slate-100 hover:text-slate-800"
        onClick={onEdit}
      >
        <Pencil className="size-4" aria-hidden="true" />
      </button>
      <button
        type="button"
        aria-label={`Delete ${name}`}
        className="rounded-lg p-2 text-slate-500 hover:bg-red-50 hover:text-red-600"
        onClick={onDelete}
      >
        <Trash2 className="size-4" aria-hidden="true" />
      </button>
    </div>
  );
}
