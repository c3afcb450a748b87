import type { ReactNode } from 'react';
import { ACCENTS } from '@/components/layout/role-accent';
import type { AccentRole } from '@/components/layout/role-accent';
import { MAIN_CONTENT_ID, SkipLink } from '@/components/layout/skip-link';
import { BottomBar } from './bottom-bar';
import { TopBar } from './top-bar';

export type AppFrameProps = {
  /** The signed-in role: players get the green accent, academies indigo (spec §6). */
  role: AccentRole;
  children: ReactNode;
  /** The top bar's search box: the search feature's, plugged in by the app. */
  search: ReactNode;
  /** Shown under the top bar on every page (a child's consent banner), plugged in by the app. */
  banner?: ReactNode;
};

/** The frame of every signed-in player and academy page: top bar, content, phone bottom bar. */
export function AppFrame({ role, children, search, banner }: AppFrameProps) {
  const accent = ACCENTS[role];
  return (
    <div
      data-testid="app-frame"
      data-accent={accent.name}
      className={`flex min-h-dvh flex-col bg-slate-50 ${accent.focus}`}
    >
      <SkipLink target={MAIN_CONTENT_ID} />
      <TopBar role={role} accent={accent} search={search} />
      {banner}
      {/* Room below the content for the fixed bottom bar on phones. */}
      <main
        id={MAIN_CONTENT_ID}
        tabIndex={-1}
        className="flex-1 pb-[calc(4rem+env(safe-area-inset-bottom))] focus:outline-none md:pb-0"
      >
        {children}
      </main>
      <BottomBar role={role} accent={accent} />
    </div>
  );
}
