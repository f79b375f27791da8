import { Navigate, Outlet, useLocation, useSearchParams } from 'react-router-dom';
import { useLoadingStore } from '../stores/loading-store';
import { useSessionStore } from '../stores/session-store';
import { TopProgressBar } from '../ui/ProgressBar';
import { loginPathFor, safeNextPath } from './safe-redirect';

/** Protected routes: a visitor who is not signed in goes to /login?next=<the wanted path>. */
export function RequireAuth() {
  const status = useSessionStore((state) => state.status);
  const reason = useSessionStore((state) => state.signOutReason);
  const location = useLocation();
  if (status === 'authenticated') return <Outlet />;
  // After a deliberate sign-out or an expired session, the page left behind is not "wanted".
  if (reason !== null) return <Navigate to="/login" replace />;
  return <Navigate to={loginPathFor(`${location.pathname}${location.search}${location.hash}`)} replace />;
}

/** Sign-in, sign-up and reset screens: a signed-in user goes on to `next` (same-origin paths only) or home. */
export function PublicOnly() {
  const status = useSessionStore((state) => state.status);
  const [params] = useSearchParams();
  const loading = useLoadingStore((state) => state.pending > 0);
  if (status === 'authenticated') return <Navigate to={safeNextPath(params.get('next'), window.location.origin)} replace />;
  return (
    <>
      {/* While the next sign-in screen's chunk loads, the current one stays and this bar runs. */}
      <div className="public-progress">
        <TopProgressBar active={loading} />
      </div>
      <Outlet />
    </>
  );
}
