import { Suspense, lazy } from 'react';
import { useUserStore } from '../../stores/user-store';
import { Spinner } from '../../ui/Spinner';

const StaffDashboard = lazy(() => import('./StaffDashboard').then((m) => ({ default: m.StaffDashboard })));
const ClientDashboard = lazy(() => import('./ClientDashboard').then((m) => ({ default: m.ClientDashboard })));

/** Which home screen a user type gets: client users the client dashboard, everyone else the staff one. */
export function homeScreenFor(userType: string | null): 'client' | 'staff' {
  return userType !== null && userType.toLowerCase() === 'client' ? 'client' : 'staff';
}

/** `/`: one of two home screens, chosen by the user's userType, each its own chunk. */
export function HomePage() {
  const userType = useUserStore((state) => state.userType);
  const status = useUserStore((state) => state.status);
  if (status === 'loading') return <Spinner label="Loading your home page" />;
  return (
    <Suspense fallback={<Spinner label="Loading your home page" />}>{homeScreenFor(userType) === 'client' ? <ClientDashboard /> : <StaffDashboard />}</Suspense>
  );
}
