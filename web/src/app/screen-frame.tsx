import type { RouteAccess } from '@touchline/shared';
import type { ReactNode } from 'react';
import { useSnapshot } from 'valtio';
import { adminUi, toggleSidebar } from '@/lib/admin-ui';
import { AdminFrame } from '@/features/frame/components/admin-frame';
import { AppFrame } from '@/features/frame/components/app-frame';
import { SearchBox } from '@/features/search';
import { session } from '@/lib/session';

const APP_FRAMED: ReadonlySet<RouteAccess> = new Set(['player', 'academy', 'both']);

/**
 * Puts a signed-in screen in its area's frame: player and academy pages (access player, academy
 * or both) in the app frame, admin pages in the admin frame. Public pages stay bare. The search
 * feature plugs its box into the app frame here (`<AppFrame search={…}>`).
 */
export function ScreenFrame({ access, children }: { access: RouteAccess; children: ReactNode }) {
  const { role } = useSnapshot(session);
  const { sidebarOpen } = useSnapshot(adminUi);

  if (access === 'admin' && role === 'admin') {
    return (
      <AdminFrame sidebarOpen={sidebarOpen} onToggleSidebar={toggleSidebar}>
        {children}
      </AdminFrame>
    );
  }
  if (APP_FRAMED.has(access) && (role === 'player' || role === 'academy')) {
    return (
      <AppFrame role={role} search={<SearchBox />}>
        {children}
      </AppFrame>
    );
  }
  return children;
}
