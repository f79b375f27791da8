// Per-user counters of failed guesses (passwords; MFA and custom-challenge codes), on Cognito's
// lockout schedule (lockout-policy.ts). An attempt is counted *before* its guess is checked, in one
// conditional upsert, and a locked counter refuses the attempt without counting it: however many
// requests race, on however many processes, no guess is checked once the counter is locked. A
// success clears the counter in the statement that moves the sign-in on (clearFailuresCte).
import { createHmac } from 'node:crypto';
import type { Database } from '../db/database.js';
import { SqlParams } from '../db/sql-params.js';
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
    if (this.policy.freeAttempts === 0) return { locked: false, failures: 0 };
    const params = new SqlParams();
    const rows = await this.db.query<{ failures: number }>(
      `WITH ${this.claimCte(params, 'claim', `SELECT ${params.add(key)}::text`)} SELECT failures::int AS failures FROM claim`,
      params.values,
    );
    return this.claimFrom(rows[0]?.failures ?? null);
  }

  /**
   * A CTE `name` counting one attempt on the counter whose key `keySelect` (an SQL query of one text
   * column, e.g. a column of the challenge session being answered; no row: nothing is counted)
   * yields, unless it is locked; it returns `failures` when it counted. The rule is countAttempt()
   * of lockout-policy.ts, so that the statement that loads what a guess is checked against can count
   * the guess too. Read its result with claimFrom.
   */
  claimCte(params: SqlParams, name: string, keySelect: string): string {
    const { freeAttempts, initialSeconds, maxSeconds, resetSeconds } = this.policy;
    const [now, free, initial, max, reset] = [this.clock.now(), freeAttempts, initialSeconds, maxSeconds, resetSeconds].map((v) => params.add(v));
    const lockFor = (n: string): string =>
      `${now}::timestamptz + make_interval(secs => CASE WHEN ${n} >= ${free}::int THEN LEAST(${max}::float8, ${initial}::float8 * power(2, LEAST(${n} - ${free}::int, ${MAX_DOUBLINGS}))) ELSE 0 END)`;
    const expiry = (n: string): string => `GREATEST(${lockFor(n)}, ${now}::timestamptz + make_interval(secs => ${reset}::float8))`;
    const next = `CASE WHEN f.expires_at <= ${now}::timestamptz THEN 1 ELSE f.failures + 1 END`;
    return `${name} AS (INSERT INTO sign_in_failures AS f (key, failures, locked_until, expires_at)
       SELECT k.key, 1, ${lockFor('1')}, ${expiry('1')} FROM (${keySelect}) AS k (key) WHERE ${freeAttempts > 0 ? 'k.key IS NOT NULL' : 'false'}
       ON CONFLICT (key) DO UPDATE SET failures = ${next}, locked_until = ${lockFor(next)}, expires_at = ${expiry(next)}
       WHERE f.expires_at <= ${now}::timestamptz OR f.locked_until <= ${now}::timestamptz
       RETURNING failures)`;
  }

  /** The verdict of a claim from the failures its CTE returned (null: it counted nothing, the counter being locked). */
  claimFrom(failures: number | null): AttemptClaim {
    if (this.policy.freeAttempts === 0) return { locked: false, failures: 0 };
    return failures === null ? { locked: true } : { locked: false, failures: Number(failures) };
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
