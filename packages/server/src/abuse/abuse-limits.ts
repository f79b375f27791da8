// Database-backed fixed-window counters, shared by every server process on the same database.
// Counters are written on the plain connection (not inside an operation's transaction), so a
// failure that rolls the operation back still counts.
import { isIPv4, isIPv6 } from 'node:net';
import type { Config } from '../config/config.js';
import type { Database } from '../db/database.js';
import { fail } from '../errors/catalogue.js';
import { addSeconds, type Clock } from '../time/clock.js';

/** A limit: at most `limit` events per `windowSeconds`; limit 0 disables it. */
export interface Limit {
  readonly limit: number;
  readonly windowSeconds: number;
}

/** Counts events under a key within a fixed window; returns the count including this event. */
export async function countEvent(db: Database, clock: Clock, key: string, windowSeconds: number): Promise<number> {
  const now = clock.now();
  const windowEndsBefore = addSeconds(now, -windowSeconds);
  const rows = await db.query<{ count: number }>(
    `INSERT INTO rate_limit_counters (key, window_start, count, expires_at)
     VALUES ($1, $2, 1, $3)
     ON CONFLICT (key) DO UPDATE SET
       count = CASE WHEN rate_limit_counters.window_start <= $4 THEN 1 ELSE rate_limit_counters.count + 1 END,
       window_start = CASE WHEN rate_limit_counters.window_start <= $4 THEN $2 ELSE rate_limit_counters.window_start END,
       expires_at = CASE WHEN rate_limit_counters.window_start <= $4 THEN $3 ELSE rate_limit_counters.expires_at END
     RETURNING count::int AS count`,
    [key, now, addSeconds(now, windowSeconds), windowEndsBefore],
  );
  return Number(rows[0]?.count ?? 1);
}

/**
 * The part of a caller's address a request counter is kept under: an IPv4 address, or the /64
 * prefix of an IPv6 address (one subscriber usually holds a whole /64, so counting single IPv6
 * addresses would let a caller rotate through 2^64 fresh counters). Anything else (a proxy's idea of
 * an address under TRUST_PROXY) is kept as given, cut to a bounded length.
 */
export function callerAddressKey(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped?.[1] !== undefined) return mapped[1];
  if (isIPv4(ip)) return ip;
  if (!isIPv6(ip)) return ip.slice(0, 64);
  const [head = '', tail = ''] = ip.toLowerCase().split('%')[0]?.split('::') ?? [];
  const left = head === '' ? [] : head.split(':');
  const right = tail === '' ? [] : tail.split(':');
  const groups = ip.includes('::') ? [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right] : left;
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

/** Counted requests between two opportunistic prunes, whatever the clock says (a stopped test clock included). */
const PRUNE_EVERY_REQUESTS = 1_000;

/** The abuse limits every operation uses: codes sent, requests per pool and caller address (wrong guesses: lockout.ts). */
export class AbuseLimits {
  readonly codeSends: Limit;
  readonly clientRequests: Limit;
  private requestsSincePrune = 0;
  private nextPruneAt = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    config: Pick<Config, 'codeSendLimit' | 'codeSendWindowSeconds' | 'clientRequestLimit' | 'clientRequestWindowSeconds'>,
  ) {
    this.codeSends = { limit: config.codeSendLimit, windowSeconds: config.codeSendWindowSeconds };
    this.clientRequests = { limit: config.clientRequestLimit, windowSeconds: config.clientRequestWindowSeconds };
  }

  /** Counts one code sent to a user for a purpose; throws LimitExceededException beyond the limit. */
  async assertCodeSendAllowed(userSub: string, purpose: string): Promise<void> {
    if (this.codeSends.limit === 0) return;
    const count = await countEvent(this.db, this.clock, `send:${userSub}:${purpose}`, this.codeSends.windowSeconds);
    if (count > this.codeSends.limit) throw fail('LimitExceededException', 'Attempt limit exceeded, please try after some time.');
  }

  /**
   * Counts one request under `callerKey` (who is asking, e.g. "<pool>|<address>": never a string the
   * caller picks freely, or each new string is a new counter); throws TooManyRequestsException beyond
   * the limit.
   */
  async assertRequestAllowed(callerKey: string): Promise<void> {
    if (this.clientRequests.limit === 0) return;
    const count = await countEvent(this.db, this.clock, `req:${callerKey}`, this.clientRequests.windowSeconds);
    await this.pruneWhenDue();
    if (count > this.clientRequests.limit) throw fail('TooManyRequestsException', 'Too many requests, please try again later.');
  }

  /** Deletes counters whose window has passed. */
  async prune(): Promise<void> {
    await this.db.query('DELETE FROM rate_limit_counters WHERE expires_at <= $1', [this.clock.now()]);
  }

  /**
   * Prunes once per request window (by the pool's clock) and every PRUNE_EVERY_REQUESTS counted
   * requests, in the request that makes it due: expired counters go in every process that serves
   * requests (the test harness's, the CLI's), not only where main.ts's housekeeping interval runs.
   */
  private async pruneWhenDue(): Promise<void> {
    this.requestsSincePrune += 1;
    const now = this.clock.now().getTime();
    if (this.requestsSincePrune < PRUNE_EVERY_REQUESTS && now < this.nextPruneAt) return;
    // Claimed before the await, so concurrent requests do not all prune.
    this.requestsSincePrune = 0;
    this.nextPruneAt = now + this.clientRequests.windowSeconds * 1000;
    try {
      await this.prune();
    } catch {
      // Cleanup only: a failed prune (say, a deadlock with another process's) waits for the next
      // one, and must not fail the request it happened to run in.
    }
  }
}
