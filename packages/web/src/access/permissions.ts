// THE permission table of the web app: which role may open which route. The side menu, the route
// guard and the top-bar search all read it, so a page is offered exactly when it can be opened.
// It mirrors the data API's access rules (packages/server/src/graphql/model/data-model.ts and
// authorization/caller.ts) and the admin API's Admins check: a role is only given a page whose data
// the server lets it read and whose forms it lets it submit.

/**
 * Who the signed-in user is for the app:
 * - `admin`: in the `Admins` group (the admin API and every record);
 * - `staff`: `userType` `staff` or in the `Staff` group (the whole business, no user management);
 * - `client`: a profile linked to a client (`clientNumber` set), not staff (their client's records, read only);
 * - `pending`: no profile yet (self-registered) or a profile linked to no client: nothing of the business.
 */
export type Role = 'admin' | 'staff' | 'client' | 'pending';

/** Every role, most powerful first. */
export const ROLES: readonly Role[] = ['admin', 'staff', 'client', 'pending'];

/** The group whose members are admins (the server's ADMINS_GROUP). */
export const ADMINS_GROUP = 'Admins';

/** The group whose members count as staff without a staff profile (the server's STAFF_GROUP). */
export const STAFF_GROUP = 'Staff';

const EVERYONE: readonly Role[] = ROLES;
const STAFF: readonly Role[] = ['admin', 'staff'];
const ADMIN: readonly Role[] = ['admin'];

/** The protected routes (spec section 2, reading A) and the roles that may open each. */
export const ROUTE_ROLES = {
  // Every role has a home: the welcome page, the client dashboard or the staff dashboard.
  '/': EVERYONE,
  '/mortgages/requests': STAFF,
  '/mortgages/requests/option-builder': STAFF,
  '/mortgages/documents': STAFF,
  '/mortgages/documents/generate-options-document': STAFF,
  // A calculator: no data.
  '/mortgages/estimator': EVERYONE,
  '/files': STAFF,
  '/apps/helpdesk/tickets': STAFF,
  '/apps/helpdesk/tickets/ticket-view': STAFF,
  '/apps/campaigns/scheduler': STAFF,
  // The collector's desk: staff work their assigned accounts; the server refuses client users.
  '/collections/queue': STAFF,
  '/collections/account': STAFF,
  // The user's own account and config: every signed-in user has them.
  '/settings/profile': EVERYONE,
  '/settings/user-management': ADMIN,
  // The audit trail answers Admins only (GET /admin/audit/events).
  '/settings/audit': ADMIN,
  // The server's user pools (GET /admin/listUserPools): Admins (of the app's own pool; the server checks).
  '/settings/pools': ADMIN,
  '/settings/database': STAFF,
  '/settings/system': EVERYONE,
  '/documents/modifications/options': STAFF,
  '/documents/modifications/options/view': STAFF,
} as const satisfies Readonly<Record<string, readonly Role[]>>;

/** A protected route's path. */
export type ProtectedPath = keyof typeof ROUTE_ROLES;

/** Every protected path, in menu order. */
export const PROTECTED_PATHS = Object.keys(ROUTE_ROLES) as ProtectedPath[];

/** True for a path of the permission table. */
export function isProtectedPath(path: string): path is ProtectedPath {
  return Object.hasOwn(ROUTE_ROLES, path);
}

/** Strips a trailing slash (but keeps `/`), so `/files/` is checked as `/files`. */
function normalise(pathname: string): string {
  return pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
}

/** True when `role` may open `pathname`; paths outside the table (public and error pages) are not decided here. */
export function canOpen(role: Role, pathname: string): boolean {
  const path = normalise(pathname);
  if (!isProtectedPath(path)) return true;
  const roles: readonly Role[] = ROUTE_ROLES[path];
  return roles.includes(role);
}

/** What the app knows about the user when it decides their role. */
export interface RoleFacts {
  /** The id token's `cognito:groups`. */
  groups: readonly string[];
  userType: string | null;
  clientNumber: string | null;
  /** True when no user record exists (the profile was built from the identity attributes). */
  isTemporary: boolean;
}

/** The role of a user, decided as the data API decides its caller (authorization/caller.ts `callerFrom`). */
export function roleOf(facts: RoleFacts): Role {
  if (facts.groups.includes(ADMINS_GROUP)) return 'admin';
  if (facts.groups.includes(STAFF_GROUP)) return 'staff';
  // The server reads userType and clientNumber from the UserMdl record: a temporary profile has none.
  if (facts.isTemporary) return 'pending';
  if (facts.userType === 'staff') return 'staff';
  if (facts.clientNumber !== null && facts.clientNumber !== '') return 'client';
  return 'pending';
}

/** The `cognito:groups` claim of a raw id token (unverified: the server decides again on every call). */
export function groupsOfIdToken(idToken: string | null): string[] {
  const payload = idToken?.split('.')[1];
  if (payload === undefined) return [];
  try {
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(payload.length / 4) * 4, '='));
    const claims: unknown = JSON.parse(json);
    if (typeof claims !== 'object' || claims === null) return [];
    const groups: unknown = (claims as Record<string, unknown>)['cognito:groups'];
    return Array.isArray(groups) ? groups.filter((group): group is string => typeof group === 'string') : [];
  } catch {
    return [];
  }
}
