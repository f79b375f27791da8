import { Suspense, lazy } from 'react';
import type { Role } from '../../access/permissions';
import { useRole } from '../../access/use-role';
import { Spinner } from '../../ui/Spinner';

const StaffDashboard = lazy(() => import('./StaffDashboard').then((m) => ({ default: m.StaffDashboard })));
const ClientDashboard = lazy(() => import('./ClientDashboard').then((m) => ({ default: m.ClientDashboard })));
const WelcomePage = lazy(() => import('./WelcomePage').then((m) => ({ default: m.WelcomePage })));

/** Which home screen a role gets: the staff dashboard, the client dashboard, or the welcome page when there is no profile. */
export function homeScreenFor(role: Role): 'staff' | 'client' | 'welcome' {
  if (role === 'admin' || role === 'staff') return 'staff';
  return role === 'client' ? 'client' : 'welcome';
}

const SCREENS = { staff: StaffDashboard, client: ClientDashboard, welcome: WelcomePage } as const;

/** `/`: one of three home screens, chosen by the user's role, each its own chunk. */
export function HomePage() {
  const role = useRole();
  if (role === null) return <Spinner label="Loading your home page" />;
  const Screen = SCREENS[homeScreenFor(role)];
  return (
    <Suspense fallback={<Spinner label="Loading your home page" />}>
      <Screen />
    </Suspense>
  );
}
