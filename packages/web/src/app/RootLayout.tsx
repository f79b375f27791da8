import { Suspense, useEffect, useRef } from 'react';
import { Outlet } from 'react-router-dom';
import { useSessionStore } from '../stores/session-store';
import { FullScreenSpinner } from '../ui/Spinner';
import { useLifecycleDeps } from './ports-context';
import { RouteErrorBoundary } from './RouteErrorBoundary';
import { runStartup } from './session-lifecycle';

/** The root of every route: runs the startup session check once, with a full-screen spinner meanwhile. */
export function RootLayout() {
  const status = useSessionStore((state) => state.status);
  const deps = useLifecycleDeps();
  const started = useRef(false);

  useEffect(() => {
    // StrictMode mounts twice in development; the check must run once per page load.
    if (started.current) return;
    started.current = true;
    void runStartup(deps);
  }, [deps]);

  if (status === 'checking') return <FullScreenSpinner />;
  if (status === 'expired') return <FullScreenSpinner label="Your session has expired. Taking you to sign in…" />;
  if (status === 'signing-out') return <FullScreenSpinner label="Signing you out…" />;
  return (
    <RouteErrorBoundary>
      <Suspense fallback={<FullScreenSpinner label="Loading" />}>
        <Outlet />
      </Suspense>
    </RouteErrorBoundary>
  );
}
