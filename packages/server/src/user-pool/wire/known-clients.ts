// Which user pool an app client belongs to, for the transport's admission of a request: an unknown
// ClientId is refused before anything is written, and the request is counted under its pool.
// Only clients that exist are remembered, briefly and in a bounded map: a flood of made-up ids
// costs one indexed read each and leaves nothing behind.
import { callerAddressKey, type AbuseLimits } from '../../abuse/abuse-limits.js';
import { requireClient, type ClientSource } from '../pools/pool-repository.js';

/** How long a known client's pool is remembered (a deleted client is refused by its operation meanwhile). */
const TTL_MS = 30_000;
/** Most clients remembered at once; the oldest entry goes first. */
const MAX_ENTRIES = 1_000;

/** A small in-process cache of existing app clients' pool ids. */
export class KnownClients {
  private readonly pools = new Map<string, { readonly poolId: string; readonly until: number }>();

  constructor(private readonly clients: ClientSource) {}

  /** The pool of the app client; ResourceNotFoundException (requireClient's answer) when there is no such client. */
  async poolOf(clientId: string): Promise<string> {
    const now = performance.now();
    const known = this.pools.get(clientId);
    if (known !== undefined && known.until > now) return known.poolId;
    this.pools.delete(clientId);
    const { pool } = await requireClient(this.clients, clientId);
    if (this.pools.size >= MAX_ENTRIES) {
      const oldest = this.pools.keys().next();
      if (oldest.done !== true) this.pools.delete(oldest.value);
    }
    this.pools.set(clientId, { poolId: pool.id, until: now + TTL_MS });
    return pool.id;
  }

  /** How many clients are remembered (tests: unknown ids never are). */
  get size(): number {
    return this.pools.size;
  }
}

/**
 * The admission of a public request, run on its validated input (a malformed ClientId never reaches
 * a query): an unknown app client is refused before anything is written, and the request is
 * counted per pool and caller address, so neither made-up nor rotating ids get fresh counters.
 */
export function admitPublicRequest(limits: AbuseLimits, clients: KnownClients, ip: string): (input: Readonly<Record<string, unknown>>) => Promise<void> {
  const address = callerAddressKey(ip);
  return async (input) => {
    const clientId = input.ClientId;
    const poolId = typeof clientId === 'string' ? await clients.poolOf(clientId) : '-';
    await limits.assertRequestAllowed(`${poolId}|${address}`);
  };
}
