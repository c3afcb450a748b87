import { Suspense } from 'react';
import { MESSAGES } from '@touchline/shared';
import { useSnapshot } from 'valtio';
import { Redirect, Route, Switch, useLocation } from 'wouter';
import { LoadingPlaceholder } from '@/components/loading-placeholder';
import { session } from '@/lib/session';
import { useDocumentTitle } from '@/lib/use-document-title';
import { decideAccess } from './guard';
import NotFoundPage from './pages/not-found-page';
import type { AppRoute, RouteParams } from './routes';
import { routes as appRoutes } from './routes';
import { ScreenFrame } from './screen-frame';

/** Matches the path against the route table; anything else is the 404 page. */
export function AppRoutes({ routes = appRoutes }: { routes?: readonly AppRoute[] }) {
  return (
    <Switch>
      {routes.map((route) => (
        <Route key={route.path} path={route.path}>
          {(params) => <GuardedScreen route={route} params={params} />}
        </Route>
      ))}
      <Route>
        <NotFoundPage />
      </Route>
    </Switch>
  );
}

function GuardedScreen({ route, params }: { route: AppRoute; params: RouteParams }) {
  const { role } = useSnapshot(session);
  const [path] = useLocation();
  const decision = decideAccess(route, role, path);

  useDocumentTitle(route.screen ? route.title : MESSAGES.notFound);

  if (decision.kind === 'redirect') return <Redirect to={decision.to} replace />;
  const Screen = route.screen;
  if (!Screen) return <NotFoundPage />;
  // The frame stays on screen while a lazy screen loads inside it.
  return (
    <ScreenFrame access={route.access}>
      <Suspense fallback={<LoadingPlaceholder />}>
        <Screen params={params} />
      </Suspense>
    </ScreenFrame>
  );
}
