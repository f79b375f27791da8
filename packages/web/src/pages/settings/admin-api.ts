// The admin-queries REST API (Amplify's AdminQueries routes under /admin): the caller's access
// token in Authorization; only the Admins group may use it. I/O (fetch, token) is injected.
import { WebError } from '../../app/web-errors';

/** A user as ListUsers returns it. */
export interface AdminUser {
  username: string;
  enabled: boolean;
  status: string;
  email: string | undefined;
  created: string | undefined;
  /** The user-pool subject (the `sub` attribute), to recognise the signed-in admin's own account. */
  sub: string | undefined;
}

/** A refusal of the admin API with the server's exception name (e.g. UsernameExistsException), so a form can put it at its field. */
export class AdminApiError extends WebError {
  readonly serverType: string | undefined;

  constructor(message: string, serverType: string | undefined, status = 400) {
    super(status >= 500 ? 'AdminApiFailed' : 'AdminApiRefused', { message });
    this.serverType = serverType;
  }
}

interface WireUser {
  Username?: string;
  Enabled?: boolean;
  UserStatus?: string;
  UserCreateDate?: string | number;
  Attributes?: { Name: string; Value?: string }[];
}

function toAdminUser(user: WireUser): AdminUser {
  const created = user.UserCreateDate;
  return {
    username: user.Username ?? '',
    enabled: user.Enabled !== false,
    status: user.UserStatus ?? 'UNKNOWN',
    email: user.Attributes?.find((attribute) => attribute.Name === 'email')?.Value,
    created: created === undefined ? undefined : typeof created === 'number' ? new Date(created * 1000).toISOString() : created,
    sub: user.Attributes?.find((attribute) => attribute.Name === 'sub')?.Value,
  };
}

/** A group of the user pool as ListGroups returns it. */
export interface AdminGroup {
  name: string;
  description: string | undefined;
}

interface WireGroup {
  GroupName?: string;
  Description?: string;
}

const toAdminGroup = (group: WireGroup): AdminGroup => ({ name: group.GroupName ?? '', description: group.Description });

/** The admin API calls Settings > User management makes. */
export interface AdminApi {
  listUsers: (input?: { limit?: number; token?: string | null }) => Promise<{ users: AdminUser[]; nextToken: string | null }>;
  createUser: (input: { username: string; email: string; temporaryPassword?: string }) => Promise<void>;
  disableUser: (username: string) => Promise<void>;
  enableUser: (username: string) => Promise<void>;
  deleteUser: (username: string) => Promise<void>;
  /** Every group of the pool (up to 60, Cognito's page size). */
  listGroups: () => Promise<AdminGroup[]>;
  /** The groups `username` belongs to. */
  listGroupsForUser: (username: string) => Promise<AdminGroup[]>;
  addUserToGroup: (username: string, group: string) => Promise<void>;
  removeUserFromGroup: (username: string, group: string) => Promise<void>;
}

/** An admin API client at `endpoint` (…/admin) using `accessToken()` for each call. */
export function createAdminApi(fetchFn: typeof fetch, endpoint: string, accessToken: () => Promise<string | null>): AdminApi {
  const call = async <T>(method: 'GET' | 'POST', path: string, params: Record<string, unknown> = {}): Promise<T> => {
    const token = await accessToken();
    if (token === null) throw new WebError('AdminApiForbidden', { message: 'Please use your credentials to sign in.' });
    const query = new URLSearchParams(Object.entries(params).filter(([, v]) => v !== undefined && v !== null).map(([k, v]) => [k, String(v)]));
    const url = method === 'GET' && query.size > 0 ? `${endpoint}${path}?${query.toString()}` : `${endpoint}${path}`;
    let response: Response;
    try {
      response = await fetchFn(url, {
        method,
        headers: { authorization: token, 'content-type': 'application/json', accept: 'application/json' },
        ...(method === 'POST' ? { body: JSON.stringify(params) } : {}),
      });
    } catch (error) {
      throw new WebError('AdminApiFailed', { message: 'Network Error: Steward cannot reach the server.', cause: error });
    }
    const body = (await response.json().catch(() => ({}))) as Record<string, unknown>;
    if (response.status === 403) throw new WebError('AdminApiForbidden');
    if (!response.ok) {
      const message = typeof body.message === 'string' && body.message !== '' ? body.message : `The user management request failed (HTTP ${response.status}).`;
      throw new AdminApiError(message, typeof body.__type === 'string' ? body.__type : undefined, response.status);
    }
    return body as T;
  };
  return {
    async listUsers(input = {}) {
      const body = await call<{ Users?: WireUser[]; NextToken?: string }>('GET', '/listUsers', { limit: input.limit ?? 20, token: input.token ?? undefined });
      return { users: (body.Users ?? []).map(toAdminUser), nextToken: body.NextToken ?? null };
    },
    async createUser(input) {
      await call('POST', '/createUser', { username: input.username, attributes: { email: input.email, email_verified: 'true' }, ...(input.temporaryPassword === undefined || input.temporaryPassword === '' ? {} : { temporaryPassword: input.temporaryPassword }) });
    },
    async disableUser(username) {
      await call('POST', '/disableUser', { username });
    },
    async enableUser(username) {
      await call('POST', '/enableUser', { username });
    },
    async deleteUser(username) {
      await call('POST', '/deleteUser', { username });
    },
    async listGroups() {
      const body = await call<{ Groups?: WireGroup[] }>('GET', '/listGroups', { limit: 60 });
      return (body.Groups ?? []).map(toAdminGroup);
    },
    async listGroupsForUser(username) {
      const body = await call<{ Groups?: WireGroup[] }>('GET', '/listGroupsForUser', { username, limit: 60 });
      return (body.Groups ?? []).map(toAdminGroup);
    },
    async addUserToGroup(username, group) {
      await call('POST', '/addUserToGroup', { username, groupname: group });
    },
    async removeUserFromGroup(username, group) {
      await call('POST', '/removeUserFromGroup', { username, groupname: group });
    },
  };
}
