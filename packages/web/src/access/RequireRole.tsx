import { Outlet, useLocation } from 'react-router-dom';
import { Spinner } from '../ui/Spinner';
import { ForbiddenPage } from './ForbiddenPage';
import { canOpen } from './permissions';
import { useRole } from './use-role';

/** Route guard inside the shell: renders the page when the user's role may open it, else the forbidden page. */
export function RequireRole() {
  const role = useRole();
  const { pathname } = useLocation();
  // Until the profile is in, the role is unknown: neither the page nor a refusal would be right.
  if (role === null) return <Spinner label="Loading your access" />;
  return canOpen(role, pathname) ? <Outlet /> : <ForbiddenPage />;
}
