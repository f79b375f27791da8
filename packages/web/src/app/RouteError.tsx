import { Suspense, lazy } from 'react';
import { isRouteErrorResponse, useRouteError } from 'react-router-dom';
import { FullScreenSpinner } from '../ui/Spinner';

// Lazy like every route, so the error pages stay chunks of their own.
const NotFoundPage = lazy(() => import('../pages/errors/NotFoundPage').then((m) => ({ default: m.NotFoundPage })));
const ServerErrorPage = lazy(() => import('../pages/errors/ServerErrorPage').then((m) => ({ default: m.ServerErrorPage })));

/** The router's error element: a 404 response shows page-not-found, anything else the error-500 page. */
export function RouteError() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <Suspense fallback={<FullScreenSpinner label="Loading" />}>
        <NotFoundPage />
      </Suspense>
    );
  }
  // A chunk that fails to load after a redeploy is the commonest cause: say so.
  const detail = error instanceof Error && /dynamically imported module|Failed to fetch/i.test(error.message) ? 'A part of the app could not be loaded. Reloading usually fixes this.' : undefined;
  return (
    <Suspense fallback={<FullScreenSpinner label="Loading" />}>
      <ServerErrorPage detail={detail} />
    </Suspense>
  );
}
