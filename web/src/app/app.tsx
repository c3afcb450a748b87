import { Suspense, lazy } from 'react';
import { useSnapshot } from 'valtio';
import { useLocation } from 'wouter';
import { ErrorBoundary } from '@/components/error-boundary';
import { session } from '@/lib/session';
import type { AppRoute } from './routes';
import { AppRoutes } from './router';

// The live connection and what it feeds: only a signed-in user downloads it.
const LiveUpdates = lazy(() => import('./live-updates'));

/** The application: live connection (signed in), error fallback and the routed screen. */
export function App({ routes }: { routes?: readonly AppRoute[] }) {
  const [path] = useLocation();
  const { user_id: userId } = useSnapshot(session);
  return (
    <ErrorBoundary resetKey={path}>
      {userId ? (
        <Suspense fallback={null}>
          <LiveUpdates />
        </Suspense>
      ) : null}
      <AppRoutes routes={routes} />
    </ErrorBoundary>
  );
}
