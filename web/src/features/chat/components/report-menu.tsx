import { MoreVertical } from 'lucide-react';
import { useRef, useState } from 'react';
import { useSnapshot } from 'valtio';
import { ReportDialog } from '@/components/report-dialog';
import { MenuButton } from '@/components/ui/menu-button';
import { session } from '@/lib/session';

const ITEM =
  'block w-full px-4 py-2 text-left text-sm text-slate-700 hover:bg-slate-50 focus:bg-slate-50 focus:outline-none';

/**
 * 'Report' for the partner's message, or 'Report conversation' for the whole conversation (the
 * header's menu): the shared report dialog, sent to the administrators with the messages around
 * it (supplement §13). Players and academies report; administrators moderate instead.
 */
export function ReportMenu({
  target,
  id,
  label,
  itemLabel,
  triggerClassName,
}: {
  target: 'message' | 'conversation';
  /** The message's id, or the conversation's thread name. */
  id: string;
  label: string;
  itemLabel: string;
  triggerClassName: string;
}) {
  const { role } = useSnapshot(session);
  const [reporting, setReporting] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  if (role !== 'player' && role !== 'academy') return null;
  return (
    <div>
      <MenuButton
        label={label}
        triggerRef={trigger}
        trigger={() => <MoreVertical aria-hidden="true" className="size-4" />}
        triggerClassName={triggerClassName}
        menuClassName="z-20 mt-1 w-48"
      >
        {(close) => (
          <button
            type="button"
            role="menuitem"
            tabIndex={-1}
            className={`${ITEM} text-red-600`}
            onClick={() => {
              close();
              setReporting(true);
            }}
          >
            {itemLabel}
          </button>
        )}
      </MenuButton>
      {reporting ? (
        <ReportDialog
          target={target}
          id={id}
          onClose={() => {
            setReporting(false);
            trigger.current?.focus();
          }}
        />
      ) : null}
    </div>
  );
}
