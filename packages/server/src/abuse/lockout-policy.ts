// Cognito's lockout schedule, as pure functions: a few failed guesses are free, then each further
// failure locks the counter for a time that starts small and doubles up to a ceiling, and a quiet
// spell (no counted attempt) or a success forgets it all.

/** The numbers of the schedule (configuration: LOCKOUT_*). */
export interface LockoutPolicy {
  /** Failures allowed before the first lockout; 0 turns lockouts off. */
  readonly freeAttempts: number;
  /** Lockout after the failure that uses the last free attempt. */
  readonly initialSeconds: number;
  /** Longest lockout. */
  readonly maxSeconds: number;
  /** A counter with no counted attempt for this long starts over. */
  readonly resetSeconds: number;
}

/** Doublings past which every lockout is at its ceiling anyway (keeps 2^n finite in SQL too). */
export const MAX_DOUBLINGS = 40;

/** Seconds a counter stays locked right after its `failures`-th failure (0 while free attempts remain). */
export function lockoutSeconds(policy: LockoutPolicy, failures: number): number {
  if (policy.freeAttempts === 0 || failures < policy.freeAttempts) return 0;
  return Math.min(policy.maxSeconds, policy.initialSeconds * 2 ** Math.min(failures - policy.freeAttempts, MAX_DOUBLINGS));
}

/** The state of one counter as stored. */
export interface FailureCounter {
  readonly failures: number;
  readonly lockedUntil: Date;
  readonly expiresAt: Date;
}

/**
 * The counter after one more attempt is counted at `now`, or `locked` when the attempt must be
 * refused unevaluated (and leaves the counter as it was). The database applies the same rule in one
 * statement (lockout.ts); this is its readable, property-tested statement.
 */
export function countAttempt(policy: LockoutPolicy, counter: FailureCounter | undefined, now: Date): FailureCounter | 'locked' {
  const fresh = counter === undefined || counter.expiresAt <= now;
  if (!fresh && counter.lockedUntil > now) return 'locked';
  const failures = fresh ? 1 : counter.failures + 1;
  const lockedUntil = now.getTime() + lockoutSeconds(policy, failures) * 1000;
  // The quiet spell never cuts a lockout short, whatever the two settings.
  return { failures, lockedUntil: new Date(lockedUntil), expiresAt: new Date(Math.max(lockedUntil, now.getTime() + policy.resetSeconds * 1000)) };
}
