import { useLocation } from 'wouter';
import { ErrorBoundary } from '@/components/error-boundary';
import { useRealtimeConnection } from '@/lib/use-realtime';
import type { AppRoute } from './routes';
import { AppRoutes } from './router';
import { useRealtimeNotifications } from './use-realtime-notifications';

/** The application: live connection, error fallback and the routed screen. */
export function App({ routes }: { routes?: readonly AppRoute[] }) {
  const [path] = useLocation();
  useRealtimeConnection();
  useRealtimeNotifications();
  return (
    <ErrorBoundary resetKey={path}>
      <AppRoutes routes={routes} />
    </ErrorBoundary>
  );
}
