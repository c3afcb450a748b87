import { MoreHorizontal } from 'lucide-react';
import type { ReactNode } from 'react';
import { MenuButton } from '@/components/ui/menu-button';

export type MenuAction = {
  label: string;
  icon: ReactNode;
  onSelect: () => void;
  danger?: boolean;
};

/**
 * A kebab button and its drop-down of actions (spec §2: closes on an outside click); keyboard and
 * focus as every menu button (`MenuButton`).
 */
export function ActionMenu({
  label,
  actions,
  size = 'size-9',
}: {
  /** The accessible name of the trigger ('Post options'). */
  label: string;
  actions: readonly MenuAction[];
  size?: string;
}) {
  return (
    <MenuButton
      label={label}
      trigger={() => <MoreHorizontal className="size-5" aria-hidden="true" />}
      triggerClassName={`flex ${size} items-center justify-center rounded-full text-slate-500 transition-colors hover:bg-slate-100 hover:text-slate-700`}
      menuClassName="z-20 mt-1 w-52"
    >
      {(close) =>
        actions.map((action) => (
          <button
            key={action.label}
            type="button"
            role="menuitem"
            tabIndex={-1}
            onClick={() => {
              close();
              action.onSelect();
            }}
            className={`flex w-full items-center gap-3 px-4 py-2.5 text-left text-sm font-medium outline-none focus-visible:bg-slate-100 ${
              action.danger
                ? 'text-red-600 hover:bg-red-50 focus-visible:bg-red-50'
                : 'text-slate-700 hover:bg-slate-50'
            }`}
          >
            <span aria-hidden="true" className={action.danger ? 'text-red-500' : 'text-slate-400'}>
              {action.icon}
            </span>
            <span className="block first-letter:uppercase">{action.label}</span>
          </button>
        ))
      }
    </MenuButton>
  );
}
