// The server's user pools (GET {admin API}/listUserPools, ListUserPools): the caller's access token
// in Authorization; only Admins of the server's default pool may read it. I/O (fetch, token) is injected.
import { WebError } from '../../app/web-errors';

/** A user pool as the list shows it. */
export interface PoolSummary {
  id: string;
  name: string;
  /** ISO time, when the server sent one. */
  created: string | undefined;
}

/** The pool calls the admin page makes. */
export interface PoolsApi {
  /** Every pool, following NextToken to the end. */
  listAll: () => Promise<PoolSummary[]>;
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
  return {
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
