import type { ReactNode } from 'react';
import { useRef, useState } from 'react';
import { useDismiss } from '@/components/ui/use-dismiss';

type ImageMenuProps = {
  /** Accessible name and look of the trigger. */
  label: string;
  trigger: ReactNode;
  triggerClassName: string;
  hasImage: boolean;
  onPick: () => void;
  onRemove: () => void;
  disabled?: boolean;
  align?: 'left' | 'right';
};

/** 'Upload photo' / 'Remove photo' under a small camera button. */
export function ImageMenu({
  label,
  trigger,
  triggerClassName,
  hasImage,
  onPick,
  onRemove,
  disabled,
  align = 'left',
}: ImageMenuProps) {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLDivElement>(null);
  useDismiss([button, menu], open, () => setOpen(false));

  const choose = (action: () => void) => {
    setOpen(false);
    action();
  };
  if (!hasImage) {
    return (
      <button
        type="button"
        aria-label={label}
        className={triggerClassName}
        onClick={onPick}
        disabled={disabled}
      >
        {trigger}
      </button>
    );
  }
  return (
    <div className="relative">
      <button
        ref={button}
        type="button"
        aria-label={label}
        aria-haspopup="menu"
        aria-expanded={open}
        className={triggerClassName}
        onClick={() => setOpen((value) => !value)}
        disabled={disabled}
      >
        {trigger}
      </button>
      {open ? (
        <div
          ref={menu}
          role="menu"
          className={`absolute top-full z-20 mt-2 w-44 overflow-hidden rounded-xl border border-slate-200 bg-white py-1 text-sm shadow-lg ${align === 'right' ? 'right-0' : 'left-0'}`}
        >
          <button
            type="button"
            role="menuitem"
            className="block w-full px-4 py-2 text-left text-slate-700 hover:bg-slate-50"
            onClick={() => choose(onPick)}
          >
            Upload new
          </button>
          <button
            type="button"
            role="menuitem"
            className="block w-full px-4 py-2 text-left text-red-600 hover:bg-red-50"
            onClick={() => choose(onRemove)}
          >
            Remove
          </button>
        </div>
      ) : null}
    </div>
  );
}
