// Per-user counters of failed guesses (passwords; MFA and custom-challenge codes), on Cognito's
// lockout schedule (lockout-policy.ts). An attempt is counted *before* its guess is checked, in one
// conditional upsert, and a locked counter refuses the attempt without counting it: however many
// requests race, on however many processes, no guess is checked once the counter is locked. A
// success clears the counter in the statement that moves the sign-in on (clearFailuresCte).
import { createHmac } from 'node:crypto';
import type { Database } from '../db/database.js';
import type { SqlParams } from '../db/sql-params.js';
import type { Clock } from '../time/clock.js';
import { MAX_DOUBLINGS, type LockoutPolicy } from './lockout-policy.js';

/** What is being guessed: the password (or SRP proof), or a second-factor code. */
export type GuessKind = 'password' | 'mfa';

/** The verdict on one attempt: refused unchecked, or counted (with the failures it would make if wrong). */
export type AttemptClaim = { readonly locked: true } | { readonly locked: false; readonly failures: number };

/** Lockout counters of one process (state in the database, shared by every process). */
export class Lockout {
  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    readonly policy: LockoutPolicy,
    private readonly pepper: string,
  ) {}

  /** The counter key of a user. */
  userKey(kind: GuessKind, userSub: string): string {
    return `${kind}:${userSub}`;
  }

  /**
   * The counter key of a sign-in name that no user has, so that unknown names lock like real ones
   * (PreventUserExistenceErrors). Keyed by an HMAC: the table never holds the names people typed.
   */
  unknownNameKey(kind: GuessKind, poolId: string, login: string): string {
    return `${kind}?${createHmac('sha256', this.pepper).update(`${poolId}|${login.normalize('NFC').toLowerCase()}`).digest('base64url')}`;
  }

  /** The failure count at which a wrong guess is answered as a lockout. */
  get lockedAfter(): number {
    return this.policy.freeAttempts;
  }

  /** Counts one attempt before it is checked; `locked` when it must be refused unchecked. */
  async claimAttempt(key: string): Promise<AttemptClaim> {
    const { freeAttempts, initialSeconds, maxSeconds, resetSeconds } = this.policy;
    if (freeAttempts === 0) return { locked: false, failures: 0 };
    // $2 now, $3 free attempts, $4 initial, $5 max, $6 reset: countAttempt() of lockout-policy.ts.
    const lockFor = (n: string): string =>
      `$2::timestamptz + make_interval(secs => CASE WHEN ${n} >= $3::int THEN LEAST($5::float8, $4::float8 * power(2, LEAST(${n} - $3::int, ${MAX_DOUBLINGS}))) ELSE 0 END)`;
    const expiry = (n: string): string => `GREATEST(${lockFor(n)}, $2::timestamptz + make_interval(secs => $6::float8))`;
    const next = 'CASE WHEN f.expires_at <= $2::timestamptz THEN 1 ELSE f.failures + 1 END';
    const rows = await this.db.query<{ failures: number }>(
      `INSERT INTO sign_in_failures AS f (key, failures, locked_until, expires_at) VALUES ($1, 1, ${lockFor('1')}, ${expiry('1')})
       ON CONFLICT (key) DO UPDATE SET failures = ${next}, locked_until = ${lockFor(next)}, expires_at = ${expiry(next)}
       WHERE f.expires_at <= $2::timestamptz OR f.locked_until <= $2::timestamptz
       RETURNING failures::int AS failures`,
      [key, this.clock.now(), freeAttempts, initialSeconds, maxSeconds, resetSeconds],
    );
    const row = rows[0];
    return row === undefined ? { locked: true } : { locked: false, failures: Number(row.failures) };
  }

  /** Whether a counted wrong guess has used the last free attempt (it is then answered as a lockout). */
  exhausted(claim: AttemptClaim): boolean {
    return claim.locked || (this.policy.freeAttempts > 0 && claim.failures >= this.policy.freeAttempts);
  }

  /** Forgets a counter (after a success that has no statement of its own to ride on). */
  async clear(keys: readonly string[]): Promise<void> {
    if (keys.length > 0) await this.db.query('DELETE FROM sign_in_failures WHERE key = ANY($1::text[])', [keys]);
  }

  /** A CTE `name` forgetting `keys`, for the statement that records a success. */
  clearFailuresCte(params: SqlParams, name: string, keys: readonly string[], condition = 'true'): string {
    return `${name} AS (DELETE FROM sign_in_failures WHERE key = ANY(${params.add(keys)}::text[]) AND ${condition})`;
  }

  /** Deletes counters nobody has touched for the reset time. */
  async prune(): Promise<void> {
    await this.db.query('DELETE FROM sign_in_failures WHERE expires_at <= $1', [this.clock.now()]);
  }
}
