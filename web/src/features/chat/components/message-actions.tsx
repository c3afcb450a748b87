import { MoreVertical } from 'lucide-react';
import { useRef, useState } from 'react';
import { DeleteDialog } from '@/components/ui/delete-dialog';
import { MenuButton } from '@/components/ui/menu-button';
import { useDeleteMessage } from '../api/change-message';

/** Room (px) the menu needs below its button, with the composer under the log. */
const MENU_ROOM_PX = 220;

const ITEM =
  'block w-full px-4 py-2 text-left text-sm text-slate-700 hover:bg-slate-50 focus:bg-slate-50 focus:outline-none';

/**
 * The menu of the caller's own message while it can still change (15 minutes): 'Edit message'
 * (edited in place by the bubble) and 'Delete message' (after a confirmation).
 */
export function MessageActions({ messageId, onEdit }: { messageId: string; onEdit: () => void }) {
  const [confirming, setConfirming] = useState(false);
  const [openUp, setOpenUp] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  const remove = useDeleteMessage();

  // The log clips what overflows it: near the composer the menu opens upwards.
  const chooseDirection = () => {
    const rect = trigger.current?.getBoundingClientRect();
    if (rect) setOpenUp(rect.bottom > window.innerHeight - MENU_ROOM_PX);
  };

  return (
    <div onPointerDownCapture={chooseDirection} onKeyDownCapture={chooseDirection}>
      <MenuButton
        label="Message options"
        triggerRef={trigger}
        trigger={() => <MoreVertical aria-hidden="true" className="size-4" />}
        triggerClassName="flex size-7 items-center justify-center rounded-full text-slate-400 group-hover:opacity-100 hover:bg-slate-100 hover:text-slate-700 focus-visible:opacity-100 aria-expanded:opacity-100 [@media(hover:hover)]:opacity-0"
        menuClassName={`z-20 w-44 ${openUp ? 'bottom-full mb-1' : 'mt-1'}`}
      >
        {(close) => (
          <>
            <button
              type="button"
              role="menuitem"
              tabIndex={-1}
              className={ITEM}
              onClick={() => {
                close();
                onEdit();
              }}
            >
              Edit message
            </button>
            <button
              type="button"
              role="menuitem"
              tabIndex={-1}
              className={`${ITEM} text-red-600`}
              onClick={() => {
                close();
                setConfirming(true);
              }}
            >
              Delete message
            </button>
          </>
        )}
      </MenuButton>
      <DeleteDialog
        open={confirming}
        title="Delete message?"
        description="Both of you will see 'message deleted' instead."
        busy={remove.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={() => remove.mutate(messageId, { onSettled: () => setConfirming(false) })}
      />
    </div>
  );
}
