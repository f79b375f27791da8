// The server's user pools (GET {admin API}/listUserPools, POST createUserPool and deleteUserPool): the
// caller's access token in Authorization; only Admins of the server's default pool may use them. I/O (fetch,
// token) is injected.
import { WebError } from '../../app/web-errors';
import { AdminApiError } from './admin-api';

/** A user pool as the list shows it. */
export interface PoolSummary {
  id: string;
  name: string;
  /** ISO time, when the server sent one. */
  created: string | undefined;
}

/** MFA of a new pool, as Cognito's MfaConfiguration. */
export type PoolMfa = 'OFF' | 'OPTIONAL' | 'ON';

/** The new-pool form's settings. */
export interface NewPool {
  name: string;
  mfa: PoolMfa;
  minPasswordLength: number;
  deletionProtection: boolean;
}

/** The pool calls the admin page makes. */
export interface PoolsApi {
  /** Every pool, following NextToken to the end. */
  listAll: () => Promise<PoolSummary[]>;
  /** Creates a pool; resolves to its id. A refusal is an AdminApiError with the server's message. */
  create: (pool: NewPool) => Promise<string>;
  /** Deletes a pool; a refusal (deletion protection, the default pool) is an AdminApiError with the server's message. */
  remove: (poolId: string) => Promise<void>;
  /** Turns deletion protection on or off, the pool's other settings kept (the server sends them back to UpdateUserPool). */
  setDeletionProtection: (poolId: string, on: boolean) => Promise<void>;
}

interface WirePool {
  Id?: string;
  Name?: string;
  CreationDate?: number | string;
}

const toPool = (pool: WirePool): PoolSummary => ({
  id: pool.Id ?? '',
  name: pool.Name ?? '',
  created: pool.CreationDate === undefined ? undefined : typeof pool.CreationDate === 'number' ? new Date(pool.CreationDate * 1000).toISOString() : pool.CreationDate,
});

/** Most pages listAll reads (60 pools each), so a server answering the same token forever cannot loop it. */
const MAX_PAGES = 100;

/** A pools API client at `adminEndpoint` (…/admin) using `accessToken()` for each call. */
export function createPoolsApi(fetchFn: typeof fetch, adminEndpoint: string, accessToken: () => Promise<string | null>): PoolsApi {
  const page = async (token: string | undefined): Promise<{ pools: PoolSummary[]; next: string | undefined }> => {
    const access = await accessToken();
    if (access === null) throw new WebError('PoolsForbidden', { message: 'Please use your credentials to sign in.' });
    const query = new URLSearchParams({ limit: '60', ...(token !== undefined ? { token } : {}) });
    let response: Response;
    try {
      response = await fetchFn(`${adminEndpoint}/listUserPools?${query.toString()}`, { headers: { authorization: access, accept: 'application/json' } });
    } catch (error) {
      throw new WebError('PoolsFailed', { message: 'Network Error: Steward cannot reach the server.', cause: error });
    }
    if (response.status === 403) throw new WebError('PoolsForbidden');
    if (!response.ok) throw new WebError('PoolsFailed');
    const body = (await response.json()) as { UserPools?: WirePool[]; NextToken?: string };
    return { pools: (body.UserPools ?? []).map(toPool), next: body.NextToken };
  };
  const post = async (path: string, body: Record<string, unknown>): Promise<Record<string, unknown>> => {
    const access = await accessToken();
    if (access === null) throw new WebError('PoolsForbidden', { message: 'Please use your credentials to sign in.' });
    let response: Response;
    try {
      response = await fetchFn(`${adminEndpoint}${path}`, { method: 'POST', headers: { authorization: access, accept: 'application/json', 'content-type': 'application/json' }, body: JSON.stringify(body) });
    } catch (error) {
      throw new WebError('PoolsFailed', { message: 'Network Error: Steward cannot reach the server.', cause: error });
    }
    if (response.status === 403) throw new WebError('PoolsForbidden');
    const answer = (await response.json().catch(() => ({}))) as Record<string, unknown>;
    if (!response.ok) {
      // The server's own words (e.g. deletion protection) say why, so the page shows them.
      const message = typeof answer.message === 'string' && answer.message !== '' ? answer.message : `The user pool request failed (HTTP ${response.status}).`;
      throw new AdminApiError(message, typeof answer.__type === 'string' ? answer.__type : undefined, response.status);
    }
    return answer;
  };
  return {
    async create(pool) {
      const answer = await post('/createUserPool', { name: pool.name, mfa: pool.mfa, minPasswordLength: pool.minPasswordLength, deletionProtection: pool.deletionProtection });
      return (answer.UserPool as WirePool | undefined)?.Id ?? '';
    },
    async remove(poolId) {
      await post('/deleteUserPool', { poolId });
    },
    async setDeletionProtection(poolId, on) {
      await post('/setUserPoolDeletionProtection', { poolId, deletionProtection: on });
    },
    async listAll() {
      const all: PoolSummary[] = [];
      let next: string | undefined;
      for (let n = 0; n < MAX_PAGES; n += 1) {
        const read = await page(next);
        all.push(...read.pools);
        next = read.next;
        if (next === undefined) break;
      }
      return all;
    },
  };
}
