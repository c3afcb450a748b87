import type { RouteAccess } from '@touchline/shared';
import type { ReactNode } from 'react';
import { Suspense, lazy } from 'react';
import { useSnapshot } from 'valtio';
import { LoadingPlaceholder } from '@/components/loading-placeholder';
import { session } from '@/lib/session';

const APP_FRAMED: ReadonlySet<RouteAccess> = new Set(['player', 'academy', 'both', 'payer']);

// Split by area: the public pages load neither frame, a player or academy never the admin one.
const PlayerAcademyFrame = lazy(() =>
  import('./player-academy-frame').then((module) => ({ default: module.PlayerAcademyFrame })),
);
const AdminAreaFrame = lazy(() =>
  import('./admin-area-frame').then((module) => ({ default: module.AdminAreaFrame })),
);

/**
 * Puts a signed-in screen in its area's frame: player and academy pages (access player, academy
 * or both) in the app frame, admin pages in the admin frame. Public pages stay bare. Each frame
 * is a lazy chunk, shown with the page skeleton while it loads.
 */
export function ScreenFrame({ access, children }: { access: RouteAccess; children: ReactNode }) {
  const { role } = useSnapshot(session);

  if (access === 'admin' && role === 'admin') {
    return (
      <Suspense fallback={<LoadingPlaceholder />}>
        <AdminAreaFrame>{children}</AdminAreaFrame>
      </Suspense>
    );
  }
  if (APP_FRAMED.has(access) && (role === 'player' || role === 'academy')) {
    return (
      <Suspense fallback={<LoadingPlaceholder />}>
        <PlayerAcademyFrame role={role}>{children}</PlayerAcademyFrame>
      </Suspense>
    );
  }
  return children;
}
