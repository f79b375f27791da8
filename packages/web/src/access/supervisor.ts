// Supervisors of collectors: Admins or the Supervisors group, as the server's isSupervisor decides
// (packages/server/src/graphql/authorization/caller.ts). Kept out of the permission table's module so
// the first screen does not carry it: only the collector's pages and the dashboard ask.
import { useSessionStore } from '../stores/session-store';
import { ADMINS_GROUP, groupsOfIdToken } from './permissions';

/** The group whose members supervise collectors (the server's SUPERVISORS_GROUP): any queue, bulk assignment, call overrides. */
export const SUPERVISORS_GROUP = 'Supervisors';

/** True for a supervisor of collectors: Admins or the Supervisors group. */
export function isSupervisor(groups: readonly string[]): boolean {
  return groups.includes(ADMINS_GROUP) || groups.includes(SUPERVISORS_GROUP);
}

/** True when the signed-in user supervises collectors (from the id token; the server decides again on every call). */
export function useIsSupervisor(): boolean {
  const idToken = useSessionStore((state) => state.tokenData?.id_token ?? null);
  return isSupervisor(groupsOfIdToken(idToken));
}
