import { useSessionStore } from '../stores/session-store';
import { useUserStore } from '../stores/user-store';
import { groupsOfIdToken, roleOf } from './permissions';
import type { Role } from './permissions';

/** The signed-in user's role, or null while their profile is still loading. */
export function useRole(): Role | null {
  const idToken = useSessionStore((state) => state.tokenData?.id_token ?? null);
  const status = useUserStore((state) => state.status);
  const userType = useUserStore((state) => state.userType);
  const clientNumber = useUserStore((state) => state.clientNumber);
  const isTemporary = useUserStore((state) => state.isTemporary);
  if (status === 'idle' || status === 'loading') return null;
  // A profile that failed to load counts as none: the server will not find one either, or is down.
  return roleOf({ groups: groupsOfIdToken(idToken), userType, clientNumber, isTemporary: isTemporary || status === 'failed' });
}

