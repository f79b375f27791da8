// Database-backed fixed-window counters, shared by every server process on the same database.
// Counters are written on the plain connection (not inside an operation's transaction), so a
// failure that rolls the operation back still counts.
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

/** The current count under a key (0 when its window has passed). */
export async function peekCount(db: Database, clock: Clock, key: string): Promise<number> {
  const rows = await db.query<{ count: number }>('SELECT count::int AS count FROM rate_limit_counters WHERE key = $1 AND expires_at > $2', [key, clock.now()]);
  return Number(rows[0]?.count ?? 0);
}

/** The abuse limits every operation uses: wrong passwords, codes sent, requests per client. */
export class AbuseLimits {
  readonly wrongPasswords: Limit;
  readonly codeSends: Limit;
  readonly clientRequests: Limit;

  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    config: Pick<Config, 'wrongPasswordLimit' | 'wrongPasswordWindowSeconds' | 'codeSendLimit' | 'codeSendWindowSeconds' | 'clientRequestLimit' | 'clientRequestWindowSeconds'>,
  ) {
    this.wrongPasswords = { limit: config.wrongPasswordLimit, windowSeconds: config.wrongPasswordWindowSeconds };
    this.codeSends = { limit: config.codeSendLimit, windowSeconds: config.codeSendWindowSeconds };
    this.clientRequests = { limit: config.clientRequestLimit, windowSeconds: config.clientRequestWindowSeconds };
  }

  /** The prefix of the counter keys of users' wrong passwords (a key is the prefix and the sub). */
  readonly wrongPasswordKeyPrefix = 'pw:';

  /** The counter key of a user's wrong passwords. */
  wrongPasswordKey(userSub: string): string {
    return `${this.wrongPasswordKeyPrefix}${userSub}`;
  }

  /**
   * Throws NotAuthorizedException 'Password attempts exceeded' while the user is throttled. Call before checking a password.
   * `counted`: the count the caller read from the database in this request (saves the round trip).
   */
  async assertPasswordAttemptsLeft(userSub: string, counted?: number): Promise<void> {
    if (this.wrongPasswords.limit === 0) return;
    if ((counted ?? (await peekCount(this.db, this.clock, this.wrongPasswordKey(userSub)))) >= this.wrongPasswords.limit) {
      throw fail('NotAuthorizedException', 'Password attempts exceeded');
    }
  }

  /** Records a wrong password (or wrong SRP proof); throws 'Password attempts exceeded' once the limit is reached. */
  async recordWrongPassword(userSub: string): Promise<void> {
    if (this.wrongPasswords.limit === 0) return;
    const count = await countEvent(this.db, this.clock, this.wrongPasswordKey(userSub), this.wrongPasswords.windowSeconds);
    if (count >= this.wrongPasswords.limit) throw fail('NotAuthorizedException', 'Password attempts exceeded');
  }

  /** Forgets wrong passwords after a successful sign-in or password change. */
  async clearWrongPasswords(userSub: string): Promise<void> {
    await this.db.query('DELETE FROM rate_limit_counters WHERE key = $1', [this.wrongPasswordKey(userSub)]);
  }

  /** Counts one code sent to a user for a purpose; throws LimitExceededException beyond the limit. */
  async assertCodeSendAllowed(userSub: string, purpose: string): Promise<void> {
    if (this.codeSends.limit === 0) return;
    const count = await countEvent(this.db, this.clock, `send:${userSub}:${purpose}`, this.codeSends.windowSeconds);
    if (count > this.codeSends.limit) throw fail('LimitExceededException', 'Attempt limit exceeded, please try after some time.');
  }

  /** Counts one request of an app client (or of an address when there is none); throws TooManyRequestsException beyond the limit. */
  async assertRequestAllowed(clientKey: string): Promise<void> {
    if (this.clientRequests.limit === 0) return;
    const count = await countEvent(this.db, this.clock, `req:${clientKey}`, this.clientRequests.windowSeconds);
    if (count > this.clientRequests.limit) throw fail('TooManyRequestsException', 'Too many requests, please try again later.');
  }

  /** Deletes counters whose window has passed. */
  async prune(): Promise<void> {
    await this.db.query('DELETE FROM rate_limit_counters WHERE expires_at <= $1', [this.clock.now()]);
  }
}
